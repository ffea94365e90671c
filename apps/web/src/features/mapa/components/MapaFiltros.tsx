import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Grid from '@mui/material/Grid';
import { useId, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { DESCRICAO_TIPO_VISUALIZACAO, TIPOS_VISUALIZACAO } from '@rastro/shared/dominio';
import { mapaFormSchema, type MapaForm } from '@rastro/shared/schemas/mapa';
import { Form, type FormApi } from '@/components/form/Form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { SelectControl, type SelectOption } from '@/components/form/SelectControl';
import { useRastreadoresSelect } from '../api/get-rastreadores-select';
import { filtroDoForm, valoresPadrao, type MapaFiltro } from '../filtro';
import { RastreadorSelect } from './RastreadorSelect';
import { SincronizarButton } from './SincronizarButton';

const TIPO_OPCOES: SelectOption[] = TIPOS_VISUALIZACAO.map((t) => ({ value: t, label: DESCRICAO_TIPO_VISUALIZACAO[t] }));

type MapaFormApi = FormApi<typeof mapaFormSchema>;

function Campos({ form, extra }: { form: MapaFormApi; extra?: ReactNode }) {
  const { control } = form;
  const tipo = useWatch({ control, name: 'tipoVisualizacao' });
  const usuarioRastreadorId = useWatch({ control, name: 'usuarioRastreadorId' });
  const rastreadores = useRastreadoresSelect();
  const historico = tipo === 'HISTORICO';
  const data = (name: 'dataInicial' | 'dataFinal', label: string) => (
    <Grid size={{ xs: 6, md: 3 }}>
      <MaskedFieldControl control={control} name={name} label={label} required mask={MASCARA.data} placeholder="DD/MM/AAAA" />
    </Grid>
  );
  const hora = (name: 'horaInicial' | 'horaFinal', label: string) => (
    <Grid size={{ xs: 6, md: 3 }}>
      <MaskedFieldControl control={control} name={name} label={label} required mask={MASCARA.hora} placeholder="HH:MM" />
    </Grid>
  );

  return (
    <>
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <SelectControl control={control} name="tipoVisualizacao" label="Tipo de Visualização" required options={TIPO_OPCOES} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <RastreadorSelect
              control={control}
              opcoes={rastreadores.data ?? []}
              vazio={historico ? 'Selecione' : 'Todos'}
              required={historico}
              carregando={rastreadores.isPending}
            />
          </Grid>
          {historico && (
            <>
              {data('dataInicial', 'Data Inicial')}
              {hora('horaInicial', 'Hora Inicial')}
              {data('dataFinal', 'Data Final')}
              {hora('horaFinal', 'Hora Final')}
            </>
          )}
        </Grid>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, px: 2, pb: 2 }}>
        {extra}
        <SincronizarButton usuarioRastreadorId={usuarioRastreadorId} />
        <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
          Buscar
        </Button>
      </CardActions>
    </>
  );
}

interface MapaFiltrosProps {
  onBuscar: (filtro: MapaFiltro) => void;
  /** More actions beside 'Buscar' (the history export). */
  extra?: ReactNode;
  /** The form's starting values; default: the current locations, the last day's period. */
  valoresIniciais?: MapaForm;
  /** Drawn without the card's border and margin (inside the phone's sheet). */
  semBorda?: boolean;
}

/** The map's 'Pesquisa' card (spec §2, §5): view type, tracker and, for history, the period. */
export function MapaFiltros({ onBuscar, extra, valoresIniciais, semBorda = false }: MapaFiltrosProps) {
  const titleId = useId();
  const [padrao] = useState(() => valoresIniciais ?? valoresPadrao());
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={semBorda ? { border: 0, borderRadius: 0 } : { mb: 2 }}>
      <CardHeader id={titleId} title="Pesquisa" slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <Form
        schema={mapaFormSchema}
        defaultValues={padrao}
        aria-labelledby={titleId}
        onSubmit={(v) => {
          const filtro = filtroDoForm(v);
          if (filtro) onBuscar(filtro);
        }}
      >
        {(form) => <Campos form={form} extra={extra} />}
      </Form>
    </Card>
  );
}
