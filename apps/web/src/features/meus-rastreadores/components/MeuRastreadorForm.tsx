import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod/mini';
import { INTERVALO_MINUTOS, LIMITES, PERIODOS_ULTRA_ECONOMIA } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import {
  meuRastreadorFormSchema,
  meuRastreadorFormTelaSchema,
  type MeuRastreador,
  type MeuRastreadorForm as MeuRastreadorBody,
  type MeuRastreadorFormTela,
} from '@rastro/shared/schemas/meus-rastreadores';
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { FormActions } from '@/components/form/FormActions';
import { SelectControl, type SelectOption } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { reportSaveError } from '@/lib/form-errors';
import { useReturnPath } from '@/lib/list-return';
import { mostrarSucesso } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useMeuRastreador } from '../api/get-meu-rastreador';
import { useSalvarMeuRastreador } from '../api/salvar-meu-rastreador';

type Valores = DefaultValues<z.input<typeof meuRastreadorFormTelaSchema>>;

const CAMPOS = ['imei', 'codigoAtivacao', 'descricao', 'intervaloLocalizacao', 'periUltraEconBateria'] as const;
const PERIODO_PADRAO = 60;
const PERIODO_OPCOES: SelectOption[] = PERIODOS_ULTRA_ECONOMIA.map((p) => ({ value: p.minutos, label: p.nome }));

/** The form's values as the API takes them: the interval typed as text goes as a number. */
const paraCorpo = (v: MeuRastreadorFormTela): MeuRastreadorBody =>
  meuRastreadorFormSchema.parse({ ...v, intervaloLocalizacao: Number(v.intervaloLocalizacao) });

function Explicacao({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}

function MeuRastreadorFormFields({ rastreador }: { rastreador?: MeuRastreador }) {
  const titleId = useId();
  const salvar = useSalvarMeuRastreador();
  const navigate = useNavigate();
  const voltar = useReturnPath(paths.user.meusRastreadores.list.getHref());
  // Lost mode owns the collar's interval until it ends (the server keeps what was set for then).
  const perdido = rastreador?.modoPerdido?.ativo === true;
  const defaults: Valores = rastreador
    ? {
        id: rastreador.id,
        imei: rastreador.imei,
        codigoAtivacao: '',
        descricao: rastreador.descricao,
        intervaloLocalizacao: String(rastreador.intervaloLocalizacao),
        // Never chosen (a tracker linked before the setting existed): the owner picks one, unless
        // lost mode locks the field, where the default keeps the rest of the form savable.
        periUltraEconBateria: rastreador.periUltraEconBateria ?? (perdido ? PERIODO_PADRAO : null),
      }
    : {
        imei: '',
        codigoAtivacao: '',
        descricao: '',
        intervaloLocalizacao: String(INTERVALO_MINUTOS.padrao),
        periUltraEconBateria: PERIODO_PADRAO,
      };

  return (
    <Card variant="outlined">
      <CardContent>
        <Form
          schema={meuRastreadorFormTelaSchema}
          defaultValues={defaults}
          aria-labelledby={titleId}
          onSubmit={async (values, form) => {
            try {
              await salvar.mutateAsync(paraCorpo(values));
              mostrarSucesso(MSG.rastreadorSalvo);
              await navigate(voltar);
            } catch (e) {
              reportSaveError(e, form.setError, CAMPOS);
            }
          }}
        >
          {({ control, formState }) => (
            <Stack spacing={3}>
              <Typography id={titleId} variant="h6" component="h2">
                {rastreador ? 'Editar' : 'Cadastrar'}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 4 }}>
                  <TextFieldControl
                    control={control}
                    name="imei"
                    label="IMEI"
                    required
                    numeric
                    maxLength={LIMITES.imei}
                    // The link is to one tracker for good: to change it, add the other tracker.
                    disabled={rastreador !== undefined}
                  />
                </Grid>
                {rastreador === undefined && (
                  <Grid size={{ xs: 12, md: 4 }}>
                    <TextFieldControl
                      control={control}
                      name="codigoAtivacao"
                      label="Código de ativação"
                      maxLength={12}
                      autoComplete="off"
                      helperText="Se a caixa do rastreador trouxer um código de ativação, informe-o."
                    />
                  </Grid>
                )}
                <Grid size={{ xs: 12, md: 8 }}>
                  <TextFieldControl control={control} name="descricao" label="Descrição" required maxLength={LIMITES.descricao} />
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <TextFieldControl
                    control={control}
                    name="intervaloLocalizacao"
                    label="Intervalo de localização (minutos)"
                    required
                    numeric
                    maxLength={3}
                    disabled={perdido}
                    {...(perdido ? { helperText: MSG.modoPerdidoBloqueia } : {})}
                  />
                  <Explicacao>{MSG.textoModoNormal}</Explicacao>
                  <Explicacao>{MSG.textoModoEconomia}</Explicacao>
                </Grid>
                <Grid size={{ xs: 12, md: 6 }}>
                  <SelectControl
                    control={control}
                    name="periUltraEconBateria"
                    label="Período da ultra economia"
                    required
                    options={PERIODO_OPCOES}
                    disabled={perdido}
                  />
                  <Explicacao>{MSG.textoModoUltraEconomia}</Explicacao>
                </Grid>
              </Grid>
              <FormActions voltar={voltar} saving={formState.isSubmitting} />
            </Stack>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}

function EditarMeuRastreador({ id }: { id: number | null }) {
  const rastreador = useMeuRastreador(id);
  const voltar = useReturnPath(paths.user.meusRastreadores.list.getHref());
  if (id === null || rastreador.isError) return <LoadError voltar={voltar} />;
  if (rastreador.isPending) return <Spinner />;
  // A co-guardian reaching the address: only the owner changes the settings (the API would answer 403).
  if (rastreador.data.compartilhadoPor !== null)
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="info">{MSG.apenasDonoPode}</Alert>
        <ButtonLink to={voltar} variant="outlined">
          Voltar
        </ButtonLink>
      </Stack>
    );
  return <MeuRastreadorFormFields rastreador={rastreador.data} />;
}

/**
 * /user/meus-rastreadores/cadastrar (links a registered tracker by its IMEI) and
 * /user/meus-rastreadores/editar/:id (`id` null when the address has no valid id).
 * Saving returns to the list as it was, with 'Rastreador salvo com sucesso.'.
 */
export function MeuRastreadorForm({ editar = false, id = null }: { editar?: boolean; id?: number | null }) {
  return editar ? <EditarMeuRastreador id={id} /> : <MeuRastreadorFormFields />;
}
