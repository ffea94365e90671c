import Grid from '@mui/material/Grid';
import { useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { IMask } from 'react-imask';
import type { ViaCep } from '@rastro/shared/schemas/lookups';
import { onlyDigits } from '@rastro/shared/validators';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { useCidades } from '@/lib/lookups/get-cidades';
import { useBuscarCep } from '@/lib/lookups/get-endereco-por-cep';
import { useEstados } from '@/lib/lookups/get-estados';
import type { EnderecoValues } from './endereco-values';
import { IdSelect } from './IdSelect';

export const LIMITES_ENDERECO = { logradouro: 50, numero: 5, complemento: 100, bairro: 100, referencia: 100 } as const;

const upper = (v: string, max: number) => v.trim().toLocaleUpperCase('pt-BR').slice(0, max);

/** Cep, state, city, street, number, complement, district and reference (spec §5: CEP lookup on blur). */
export function EnderecoFields({ disabled = false }: { disabled?: boolean }) {
  const { control, getValues, setValue } = useFormContext<EnderecoValues>();
  const estadoId = useWatch({ control, name: 'estadoId' });
  const estados = useEstados();
  const cidades = useCidades(estadoId);
  const buscarCep = useBuscarCep();
  // The CEP last looked up (at first, the stored one): leaving the field without changing it
  // must not overwrite what the user typed in the address since.
  const consultado = useRef(onlyDigits(getValues('cep')));

  const preencher = (e: ViaCep) => {
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    setValue('cep', IMask.pipe(onlyDigits(e.cep), { mask: MASCARA.cep }), opts);
    setValue('logradouro', upper(e.logradouro, LIMITES_ENDERECO.logradouro), opts);
    setValue('complemento', upper(e.complemento, LIMITES_ENDERECO.complemento), opts);
    setValue('bairro', upper(e.bairro, LIMITES_ENDERECO.bairro), opts);
    // The city list follows the state (useCidades above).
    setValue('estadoId', e.estadoId, opts);
    setValue('cidadeId', e.cidadeId, opts);
  };

  const onCepBlur = async () => {
    const cep = onlyDigits(getValues('cep'));
    if (cep.length !== 8 || cep === consultado.current) return;
    consultado.current = cep;
    const endereco = await buscarCep(cep);
    // Another CEP may have been typed meanwhile.
    if (endereco && onlyDigits(getValues('cep')) === cep) preencher(endereco);
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 3 }}>
        <MaskedFieldControl
          control={control}
          name="cep"
          label="CEP"
          mask={MASCARA.cep}
          autoComplete="postal-code"
          disabled={disabled}
          slotProps={{ htmlInput: { onBlur: () => void onCepBlur() } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <IdSelect
          name="estadoId"
          label="Estado"
          options={(estados.data ?? []).map((e) => ({ id: e.id, label: `${e.nome} (${e.uf})` }))}
          loading={estados.isPending}
          disabled={disabled}
          // A new state empties the city; its own cities load next.
          onPick={() => setValue('cidadeId', null, { shouldDirty: true })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <IdSelect
          name="cidadeId"
          label="Cidade"
          options={(cidades.data ?? []).map((c) => ({ id: c.id, label: c.nome }))}
          loading={estadoId !== null && cidades.isPending}
          disabled={disabled || !estadoId}
          helperText={estadoId ? undefined : 'Selecione o estado.'}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 9 }}>
        <TextFieldControl
          control={control}
          name="logradouro"
          label="Logradouro"
          autoComplete="address-line1"
          maxLength={LIMITES_ENDERECO.logradouro}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 3 }}>
        <TextFieldControl control={control} name="numero" label="Número" maxLength={LIMITES_ENDERECO.numero} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextFieldControl
          control={control}
          name="complemento"
          label="Complemento"
          autoComplete="address-line2"
          maxLength={LIMITES_ENDERECO.complemento}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextFieldControl control={control} name="bairro" label="Bairro" maxLength={LIMITES_ENDERECO.bairro} disabled={disabled} />
      </Grid>
      <Grid size={12}>
        <TextFieldControl
          control={control}
          name="referencia"
          label="Referência"
          maxLength={LIMITES_ENDERECO.referencia}
          disabled={disabled}
        />
      </Grid>
    </Grid>
  );
}
