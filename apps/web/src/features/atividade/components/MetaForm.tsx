import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { MSG } from '@rastro/shared/messages';
import { metaAtividadeSchema, type MetaAtividade } from '@rastro/shared/schemas/atividade';
import { Form, type FormApi } from '@/components/form/Form';
import { NumberFieldControl } from '@/components/form/NumberFieldControl';
import { SelectControl } from '@/components/form/SelectControl';
import { reportSaveError } from '@/lib/form-errors';
import { mostrarSucesso } from '@/lib/snackbar';
import { useDefinirMetaAtividade } from '../api/definir-meta-atividade';
import { textoMeta } from './formatar';

const TIPOS = [
  { value: 'METROS', label: 'Distância (metros)' },
  { value: 'MINUTOS', label: 'Tempo ativo (minutos)' },
] as const;
const CAMPOS = ['tipo', 'valor'] as const;
/** What a new goal starts with: a 2 km walk. */
const PADRAO: MetaAtividade = { tipo: 'METROS', valor: 2000 };

/** A co-guardian's view of the goal: the owner sets it and gets its notification. */
export function MetaDoDono({ meta, dono }: { meta: MetaAtividade | null; dono: string }) {
  const tituloId = useId();
  return (
    <Stack spacing={1} component="section" aria-labelledby={tituloId}>
      <Typography id={tituloId} variant="subtitle1" component="h3">
        Meta diária
      </Typography>
      <Typography variant="body2">{meta ? textoMeta(meta) : 'Nenhuma meta definida.'}</Typography>
      <Typography variant="body2" color="text.secondary">
        {`Quem define a meta é ${dono}, dono(a) do pet.`}
      </Typography>
    </Stack>
  );
}

/** The daily goal: in metres walked or active minutes; one notification on the day it is reached. */
export function MetaForm({ id, meta }: { id: number; meta: MetaAtividade | null }) {
  const salvar = useDefinirMetaAtividade(id);
  const tituloId = useId();
  return (
    <Stack spacing={1.5} component="section" aria-labelledby={tituloId}>
      <Typography id={tituloId} variant="subtitle1" component="h3">
        Meta diária
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {meta ? textoMeta(meta) : 'Nenhuma meta definida. Você recebe uma notificação no dia em que o pet atingir a meta.'}
      </Typography>
      <Form
        schema={metaAtividadeSchema}
        defaultValues={meta ?? PADRAO}
        aria-labelledby={tituloId}
        onSubmit={async (values, form) => {
          try {
            await salvar.mutateAsync(values);
            mostrarSucesso(MSG.metaSalva);
          } catch (e) {
            reportSaveError(e, form.setError, CAMPOS);
          }
        }}
      >
        {(form) => (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <SelectControl control={form.control} name="tipo" label="Tipo de meta" options={TIPOS} sx={{ minWidth: 220 }} />
            <ValorCampo form={form} />
            <Stack direction="row" spacing={1} sx={{ pt: { sm: 1 } }}>
              <Button type="submit" variant="contained" loading={salvar.isPending && salvar.variables !== null}>
                Salvar meta
              </Button>
              {meta && (
                <Button
                  variant="outlined"
                  loading={salvar.isPending && salvar.variables === null}
                  onClick={() =>
                    void salvar.mutateAsync(null).then(
                      () => {
                        form.reset(PADRAO);
                        mostrarSucesso(MSG.metaRemovida);
                      },
                      (e: unknown) => reportSaveError(e, form.setError, CAMPOS),
                    )
                  }
                >
                  Remover meta
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </Form>
    </Stack>
  );
}

/** The goal's number, in the unit of the chosen type. */
function ValorCampo({ form }: { form: FormApi<typeof metaAtividadeSchema> }) {
  const tipo = useWatch({ control: form.control, name: 'tipo' });
  return (
    <NumberFieldControl
      control={form.control}
      name="valor"
      label={tipo === 'MINUTOS' ? 'Minutos ativos por dia' : 'Metros por dia'}
      unit={tipo === 'MINUTOS' ? 'min' : 'm'}
      decimals={0}
      inputMode="numeric"
      required
    />
  );
}
