import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { useWatch, type DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod/mini';
import { LIMITES } from '@rastro/shared/constants';
import { PROTOCOLOS } from '@rastro/shared/dominio';
import { formatarTelefone } from '@rastro/shared/formatters';
import { MSG, erroCarregar } from '@rastro/shared/messages';
import { rastreadorFormSchema, type RastreadorAdmin } from '@rastro/shared/schemas/rastreadores';
import { Form, type FormApi } from '@/components/form/Form';
import { SelectControl, type SelectOption } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { Spinner } from '@/components/Spinner';
import { reportSaveError } from '@/lib/form-errors';
import { useReturnPath } from '@/lib/list-return';
import { mostrarSucesso } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useChipsSelect } from '../api/get-chips-select';
import { useRastreador } from '../api/get-rastreador';
import { useSalvarRastreador } from '../api/salvar-rastreador';
import { FormActions } from '@/components/form/FormActions';
import { LoadError } from '@/components/LoadError';

type Valores = DefaultValues<z.input<typeof rastreadorFormSchema>>;

const CAMPOS = ['imei', 'protocolo', 'chipId', 'codigoAtivacao'] as const;
const PROTOCOLO_OPCOES: SelectOption[] = PROTOCOLOS.map((p) => ({ value: p, label: p }));

/** The IMEI rule depends on the protocol: re-check a flagged IMEI when the protocol changes. */
function RevalidateImeiOnProtocol({ form }: { form: FormApi<typeof rastreadorFormSchema> }) {
  const protocolo = useWatch({ control: form.control, name: 'protocolo' });
  const { trigger, getFieldState } = form;
  useEffect(() => {
    if (getFieldState('imei').invalid) void trigger('imei');
  }, [protocolo, trigger, getFieldState]);
  return null;
}

function RastreadorFormFields({ rastreador }: { rastreador?: RastreadorAdmin }) {
  const titleId = useId();
  const salvar = useSalvarRastreador();
  const navigate = useNavigate();
  const voltar = useReturnPath(paths.admin.rastreadores.list.getHref());
  // A new tracker may only take a free chip; an existing one may keep its own.
  const chips = useChipsSelect(!rastreador);
  // IMEI, protocol and chip are fixed while the tracker is active (spec §4).
  const bloqueado = rastreador?.situacao === 'ATIVO';

  const chipOpcoes: SelectOption[] = (chips.data ?? []).map((c) => ({ value: c.id, label: c.text }));
  if (rastreador?.chipId && !chipOpcoes.some((o) => o.value === rastreador.chipId)) {
    chipOpcoes.unshift({ value: rastreador.chipId, label: formatarTelefone(rastreador.chipNumero) || String(rastreador.chipId) });
  }

  const defaults: Valores = rastreador
    ? {
        id: rastreador.id,
        imei: rastreador.imei,
        protocolo: rastreador.protocolo,
        chipId: rastreador.chipId ?? undefined,
        codigoAtivacao: '',
      }
    : { imei: '', protocolo: 'TOPIN', chipId: undefined, codigoAtivacao: '' };

  return (
    <Card variant="outlined">
      <CardContent>
        <Form
          schema={rastreadorFormSchema}
          defaultValues={defaults}
          aria-labelledby={titleId}
          onSubmit={async (values, form) => {
            try {
              await salvar.mutateAsync(values);
              mostrarSucesso(MSG.rastreadorSalvo);
              await navigate(voltar);
            } catch (e) {
              reportSaveError(e, form.setError, CAMPOS);
            }
          }}
        >
          {(form) => (
            <Stack spacing={3}>
              <RevalidateImeiOnProtocol form={form} />
              <Typography id={titleId} variant="h6" component="h2">
                {rastreador ? 'Editar' : 'Cadastrar'}
              </Typography>
              {bloqueado && <Alert severity="info">{MSG.rastreadorAtivoImutavel}</Alert>}
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 5 }}>
                  <TextFieldControl
                    control={form.control}
                    name="imei"
                    label="IMEI"
                    required
                    numeric
                    maxLength={LIMITES.imei}
                    disabled={bloqueado}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 3 }}>
                  <SelectControl
                    control={form.control}
                    name="protocolo"
                    label="Protocolo"
                    required
                    options={PROTOCOLO_OPCOES}
                    disabled={bloqueado}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <SelectControl
                    control={form.control}
                    name="chipId"
                    label="Chip"
                    required
                    options={chipOpcoes}
                    emptyLabel="Selecione"
                    disabled={bloqueado || chips.isPending}
                    helperText={chips.isError ? erroCarregar('Chip') : undefined}
                  />
                </Grid>
                <Grid size={{ xs: 12, md: 5 }}>
                  <TextFieldControl
                    control={form.control}
                    name="codigoAtivacao"
                    label="Código de ativação"
                    maxLength={12}
                    autoComplete="off"
                    helperText={
                      rastreador?.temCodigoAtivacao
                        ? 'Já definido (não é exibido). Preencha só para trocá-lo.'
                        : 'Opcional: o código impresso na caixa. Com ele, o dono precisa informá-lo para vincular.'
                    }
                  />
                </Grid>
              </Grid>
              <FormActions voltar={voltar} saving={form.formState.isSubmitting} />
            </Stack>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}

function EditarRastreador({ id }: { id: number }) {
  const rastreador = useRastreador(id);
  const voltar = useReturnPath(paths.admin.rastreadores.list.getHref());
  if (rastreador.isPending) return <Spinner />;
  if (rastreador.isError) {
    return <LoadError voltar={voltar} />;
  }
  return <RastreadorFormFields rastreador={rastreador.data} />;
}

/** /admin/rastreadores/cadastrar and /admin/rastreadores/editar/:id: IMEI, protocol and chip. */
export function RastreadorForm({ id }: { id?: number }) {
  return id === undefined ? <RastreadorFormFields /> : <EditarRastreador id={id} />;
}
