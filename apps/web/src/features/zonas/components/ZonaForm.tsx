import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { ZONA } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { zonaFormSchema, type Zona, type ZonaForm as ZonaFormValues, type ZonaFormValida } from '@rastro/shared/schemas/zonas';
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { FormActions } from '@/components/form/FormActions';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { reportSaveError } from '@/lib/form-errors';
import { mostrarSucesso } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useCriarZona } from '../api/criar-zona';
import { useLocalizacoesAtuais } from '../api/get-localizacoes-atuais';
import { useRastreadoresOpcoes, type RastreadorOpcao } from '../api/get-rastreadores-opcoes';
import { useZona } from '../api/get-zona';
import { useAlterarZona } from '../api/alterar-zona';
import { AlertasFields } from './AlertasFields';
import { GeometriaFields } from './GeometriaFields';
import { RastreadoresField } from './RastreadoresField';

/** Fields the server may name in a 400. */
const CAMPOS = [
  'nome',
  'tipo',
  'latitude',
  'longitude',
  'raioMetros',
  'pontos',
  'rastreadorIds',
  'alertarSaida',
  'alertarEntrada',
] as const;
const NENHUM: readonly Marcador[] = [];

/** What goes to the API: the fields of the zone's own shape (the other shape's may be left out). */
const corpo = (v: ZonaFormValida): ZonaFormValida =>
  v.tipo === 'CIRCULO' ? { ...v, pontos: undefined } : { ...v, latitude: undefined, longitude: undefined, raioMetros: undefined };

function valoresIniciais(zona: Zona | undefined, rastreadores: readonly RastreadorOpcao[]): ZonaFormValues {
  if (!zona) {
    // A new zone applies to every pet and alerts when one leaves: what an owner wants of 'CASA'.
    return {
      nome: '',
      tipo: 'CIRCULO',
      latitude: null,
      longitude: null,
      raioMetros: null,
      pontos: [],
      rastreadorIds: rastreadores.map((r) => r.rastreadorId),
      alertarSaida: true,
      alertarEntrada: false,
    };
  }
  return {
    nome: zona.nome,
    tipo: zona.tipo,
    latitude: zona.latitude,
    longitude: zona.longitude,
    raioMetros: zona.raioMetros,
    pontos: zona.pontos,
    rastreadorIds: zona.rastreadorIds,
    alertarSaida: zona.alertarSaida,
    alertarEntrada: zona.alertarEntrada,
  };
}

interface ZonaFormFieldsProps {
  zona?: Zona;
  rastreadores: readonly RastreadorOpcao[];
  rastreadoresErro: boolean;
}

function ZonaFormFields({ zona, rastreadores, rastreadoresErro }: ZonaFormFieldsProps) {
  const titleId = useId();
  const navigate = useNavigate();
  const criar = useCriarZona();
  const alterar = useAlterarZona();
  const pets = useLocalizacoesAtuais().data ?? NENHUM;
  const voltar = paths.user.zonas.list.getHref();

  return (
    <Card variant="outlined">
      <CardContent>
        <Form
          schema={zonaFormSchema}
          defaultValues={valoresIniciais(zona, rastreadores)}
          aria-labelledby={titleId}
          onSubmit={async (values, form) => {
            try {
              if (zona) await alterar.mutateAsync({ id: zona.id, ...corpo(values) });
              else await criar.mutateAsync(corpo(values));
              mostrarSucesso(MSG.zonaSalva);
              await navigate(voltar);
            } catch (e) {
              reportSaveError(e, form.setError, CAMPOS);
            }
          }}
        >
          {(form) => (
            <Stack spacing={3}>
              <Typography id={titleId} variant="h6" component="h2">
                {zona ? 'Editar' : 'Cadastrar'}
              </Typography>
              <Grid container spacing={3}>
                <Grid size={{ xs: 12, md: 8 }}>
                  <GeometriaFields form={form} zonaId={zona?.id} pets={pets} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <Stack spacing={3}>
                    <TextFieldControl control={form.control} name="nome" label="Nome" required maxLength={ZONA.nomeMax} />
                    <RastreadoresField control={form.control} opcoes={rastreadores} erro={rastreadoresErro} />
                    <AlertasFields control={form.control} trigger={form.trigger} />
                    {zona && (
                      <ButtonLink to={paths.user.zonas.eventos.getHref(zona.id)} variant="text" sx={{ alignSelf: 'flex-start' }}>
                        Ver eventos da zona
                      </ButtonLink>
                    )}
                  </Stack>
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

function NovaZona() {
  const rastreadores = useRastreadoresOpcoes();
  if (rastreadores.isPending) return <Spinner />;
  return <ZonaFormFields rastreadores={rastreadores.data ?? []} rastreadoresErro={rastreadores.isError} />;
}

function EditarZona({ id }: { id: number }) {
  const zona = useZona(id);
  const rastreadores = useRastreadoresOpcoes();
  if (zona.isError) return <LoadError voltar={paths.user.zonas.list.getHref()} />;
  if (zona.isPending || rastreadores.isPending) return <Spinner />;
  return <ZonaFormFields zona={zona.data} rastreadores={rastreadores.data ?? []} rastreadoresErro={rastreadores.isError} />;
}

/**
 * /user/zonas/cadastrar and /user/zonas/editar/:id: the zone's shape on the map, its name, its
 * trackers and its alerts. Saving returns to the list.
 */
export function ZonaForm({ id }: { id?: number }) {
  return id === undefined ? <NovaZona /> : <EditarZona id={id} />;
}
