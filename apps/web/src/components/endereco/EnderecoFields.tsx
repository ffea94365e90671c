import Grid from '@mui/material/Grid';
import { useRef, useState } from 'react';
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
import { TEXTO_CEP } from './textos';
import { IdSelect } from './IdSelect';

export const LIMITES_ENDERECO = { logradouro: 50, numero: 5, complemento: 100, bairro: 100, referencia: 100 } as const;

const upper = (v: string, max: number) => v.trim().toLocaleUpperCase('pt-BR').slice(0, max);

/** What the CEP field says of its lookup: nothing, in progress, or why the address was not filled. */
type SituacaoCep = { tipo: 'nada' } | { tipo: 'consultando' } | { tipo: 'falhou'; mensagem: string };

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

  const [situacao, setSituacao] = useState<SituacaoCep>({ tipo: 'nada' });

  const onCepBlur = async () => {
    const cep = onlyDigits(getValues('cep'));
    if (cep.length !== 8 || cep === consultado.current) return;
    consultado.current = cep;
    setSituacao({ tipo: 'consultando' });
    const resultado = await buscarCep(cep);
    // Another CEP may have been typed meanwhile: its own lookup says what happened.
    if (onlyDigits(getValues('cep')) !== cep) return;
    if (resultado.tipo === 'encontrado') preencher(resultado.endereco);
    setSituacao(
      resultado.tipo === 'naoEncontrado'
        ? { tipo: 'falhou', mensagem: resultado.mensagem }
        : resultado.tipo === 'indisponivel'
          ? { tipo: 'falhou', mensagem: TEXTO_CEP.indisponivel }
          : { tipo: 'nada' },
    );
  };
  const textoCep = situacao.tipo === 'consultando' ? TEXTO_CEP.consultando : situacao.tipo === 'falhou' ? situacao.mensagem : '';

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
          // Always there (a blank line at first), so the form does not jump and the change is read out.
          helperText={textoCep || ' '}
          slotProps={{
            htmlInput: { onBlur: () => void onCepBlur() },
            formHelperText: { role: 'status' },
          }}
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
