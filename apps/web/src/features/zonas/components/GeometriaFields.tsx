import CircleOutlinedIcon from '@mui/icons-material/CircleOutlined';
import CloseIcon from '@mui/icons-material/Close';
import DoneIcon from '@mui/icons-material/Done';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PentagonOutlinedIcon from '@mui/icons-material/PentagonOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type L from 'leaflet';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { ZONA } from '@rastro/shared/constants';
import type { TipoZona } from '@rastro/shared/dominio';
import type { Geometria } from '@rastro/shared/geometria';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import type { zonaFormSchema } from '@rastro/shared/schemas/zonas';
import type { FormApi } from '@/components/form/Form';
import { NumberFieldControl } from '@/components/form/NumberFieldControl';
import type { ProgressoDesenho } from './editor/EdicaoLayer';
import { concluirPoligono, desfazerPonto } from './editor/geoman';
import { ZonaEditorMapa } from './editor/ZonaEditorMapa';
import { formatarDistancia } from './formatar';
import { geometriaDoForm } from './geometria-do-form';

type ZonaFormApi = FormApi<typeof zonaFormSchema>;

/** A circle placed without drawing starts with this radius, in metres. */
export const RAIO_PADRAO = 100;
const CENTRO_DO_MAPA = 'mapa';

const descrever = (g: Geometria) =>
  g.tipo === 'CIRCULO'
    ? `Círculo com raio de ${formatarDistancia(g.raioMetros)}. Arraste o centro ou a borda no mapa para ajustar.`
    : `Polígono com ${g.pontos.length} pontos. Arraste os pontos no mapa para ajustar.`;

function instrucao(desenho: TipoZona, p: ProgressoDesenho) {
  if (desenho === 'CIRCULO') {
    return p.centro
      ? 'Agora clique ou toque no mapa onde fica a borda do círculo.'
      : 'Clique ou toque no mapa para marcar o centro do círculo.';
  }
  const marcados = p.pontos === 1 ? '1 ponto marcado' : `${p.pontos} pontos marcados`;
  return `Clique ou toque no mapa para marcar cada ponto da zona (${marcados}). Para fechar, toque no primeiro ponto ou em Concluir polígono.`;
}

interface GeometriaFieldsProps {
  form: ZonaFormApi;
  zonaId?: number;
  pets: readonly Marcador[];
}

/**
 * The zone's shape: drawn and edited on the map (mouse or touch), or, for a circle, placed
 * precisely from the keyboard (centre on a pet or on the map's centre, coordinates, radius).
 */
export function GeometriaFields({ form, zonaId, pets }: GeometriaFieldsProps) {
  const { control, setValue, getValues } = form;
  const [tipo, latitude, longitude, raioMetros, pontos] = useWatch({
    control,
    name: ['tipo', 'latitude', 'longitude', 'raioMetros', 'pontos'],
  });
  const geometria = geometriaDoForm({ tipo, latitude, longitude, raioMetros, pontos });
  const tipoField = useController({ control, name: 'tipo' });
  const pontosField = useController({ control, name: 'pontos' });

  const [desenho, setDesenho] = useState<TipoZona | null>(null);
  const [progresso, setProgresso] = useState<ProgressoDesenho>({ centro: false, pontos: 0 });
  const [aviso, setAviso] = useState('');
  const [mapa, setMapa] = useState<L.Map | null>(null);
  const ids = { tipo: useId(), aviso: useId() };

  const aplicar = useCallback(
    (g: Geometria, texto: string) => {
      const opcoes = { shouldDirty: true, shouldValidate: true };
      setValue('tipo', g.tipo, opcoes);
      if (g.tipo === 'CIRCULO') {
        setValue('latitude', g.centro.latitude, opcoes);
        setValue('longitude', g.centro.longitude, opcoes);
        setValue('raioMetros', g.raioMetros, opcoes);
      } else {
        setValue('pontos', [...g.pontos], opcoes);
      }
      setAviso(texto);
    },
    [setValue],
  );
  const onGeometria = useCallback((g: Geometria) => aplicar(g, descrever(g)), [aplicar]);
  const onDesenhoTerminado = useCallback(() => setDesenho(null), []);

  const desenhar = () => {
    setProgresso({ centro: false, pontos: 0 });
    setAviso('');
    setDesenho(tipo);
  };

  const mudarTipo = (novo: TipoZona) => {
    setDesenho(null);
    tipoField.field.onChange(novo);
    // A half-typed circle must not block saving a polygon (and the other way round).
    if (novo === 'POLIGONO') {
      for (const campo of ['latitude', 'longitude', 'raioMetros'] as const) {
        if (Number.isNaN(getValues(campo))) setValue(campo, null);
      }
    }
  };

  const { error: erroPontos } = pontosField.fieldState;
  const circulo = tipo === 'CIRCULO';

  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id={ids.tipo}>Formato</FormLabel>
        <RadioGroup
          row
          aria-labelledby={ids.tipo}
          name={tipoField.field.name}
          value={tipo}
          onChange={(e) => mudarTipo(e.target.value === 'POLIGONO' ? 'POLIGONO' : 'CIRCULO')}
        >
          <FormControlLabel value="CIRCULO" control={<Radio slotProps={{ input: { ref: tipoField.field.ref } }} />} label="Círculo" />
          <FormControlLabel value="POLIGONO" control={<Radio />} label="Polígono" />
        </RadioGroup>
      </FormControl>

      <BotoesDoDesenho
        desenho={desenho}
        progresso={progresso}
        mapa={mapa}
        circulo={circulo}
        onDesenhar={desenhar}
        onCancelar={() => setDesenho(null)}
        refDoCampo={pontosField.field.ref}
        descritoPor={erroPontos ? `${ids.aviso}-erro` : undefined}
      />
      <Typography id={ids.aviso} role="status" variant="body2" color="text.secondary" sx={{ minHeight: '1.5em' }}>
        {desenho ? instrucao(desenho, progresso) : aviso}
      </Typography>
      {!circulo && erroPontos && (
        <FormHelperText id={`${ids.aviso}-erro`} error sx={{ mt: 0 }}>
          {erroPontos.message}
        </FormHelperText>
      )}

      <ZonaEditorMapa
        zonaId={zonaId}
        geometria={geometria}
        desenho={desenho}
        pets={pets}
        onGeometria={onGeometria}
        onDesenhoTerminado={onDesenhoTerminado}
        onProgresso={setProgresso}
        onMapa={setMapa}
      />

      {circulo ? (
        <CirculoPeloTeclado control={control} pets={pets} mapa={mapa} raioMetros={raioMetros} aplicar={aplicar} />
      ) : (
        <Typography variant="body2">
          {pontos && pontos.length > 0 ? `${pontos.length} pontos no polígono.` : 'Nenhum polígono desenhado.'} Arraste um ponto para
          movê-lo, use o ponto claro no meio de um lado para acrescentar outro, e clique com o botão direito (ou toque e segure) num ponto
          para removê-lo.
        </Typography>
      )}
    </Stack>
  );
}

interface CirculoPeloTecladoProps {
  control: ZonaFormApi['control'];
  pets: readonly Marcador[];
  /** The editor's map, once it is there (its centre is one of the places to put the circle). */
  mapa: L.Map | null;
  raioMetros: number | null | undefined;
  aplicar: (g: Geometria, texto: string) => void;
}

/** A circle placed without drawing: centred on a pet or on the map's centre, then its coordinates and radius typed. */
function CirculoPeloTeclado({ control, pets, mapa, raioMetros, aplicar }: CirculoPeloTecladoProps) {
  const [centro, setCentro] = useState(CENTRO_DO_MAPA);
  const ids = { centro: useId() };
  const posicionar = () => {
    const pet = pets.find((p) => `pet-${p.usuarioRastreadorId}` === centro);
    const c = pet ? { lat: pet.position.lat, lng: pet.position.lng } : mapa?.getCenter();
    if (!c) return;
    const raioValido = typeof raioMetros === 'number' && raioMetros >= ZONA.raioMinMetros && raioMetros <= ZONA.raioMaxMetros;
    const raio = raioValido ? raioMetros : RAIO_PADRAO;
    const g: Geometria = {
      tipo: 'CIRCULO',
      centro: { latitude: Math.round(c.lat * 1e6) / 1e6, longitude: Math.round(c.lng * 1e6) / 1e6 },
      raioMetros: raio,
    };
    aplicar(g, `Círculo posicionado ${pet ? `em ${pet.name}` : 'no centro do mapa'}, com raio de ${formatarDistancia(raio)}.`);
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 8 }}>
        <TextField select fullWidth id={ids.centro} label="Centro do círculo" value={centro} onChange={(e) => setCentro(e.target.value)}>
          <MenuItem value={CENTRO_DO_MAPA}>Centro do mapa</MenuItem>
          {pets.map((p) => (
            <MenuItem key={p.usuarioRastreadorId} value={`pet-${p.usuarioRastreadorId}`}>
              Posição atual de {p.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
        <Button variant="outlined" startIcon={<MyLocationIcon />} onClick={posicionar} disabled={!mapa} fullWidth>
          Posicionar círculo
        </Button>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberFieldControl control={control} name="latitude" label="Latitude do centro" required inputMode="text" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberFieldControl control={control} name="longitude" label="Longitude do centro" required inputMode="text" />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <NumberFieldControl control={control} name="raioMetros" label="Raio" unit="m" decimals={0} required helperText="De 20 m a 50 km" />
      </Grid>
    </Grid>
  );
}

interface BotoesDoDesenhoProps {
  desenho: TipoZona | null;
  progresso: ProgressoDesenho;
  mapa: L.Map | null;
  circulo: boolean;
  onDesenhar: () => void;
  onCancelar: () => void;
  /** The form field's ref: an error on the shape focuses 'Desenhar'. */
  refDoCampo: (el: HTMLButtonElement | null) => void;
  descritoPor: string | undefined;
}

/** 'Desenhar', or while drawing 'Cancelar desenho' (and, for a polygon, undo and finish). */
function BotoesDoDesenho({ desenho, progresso, mapa, circulo, onDesenhar, onCancelar, refDoCampo, descritoPor }: BotoesDoDesenhoProps) {
  // Focus follows the buttons that replace each other, without scrolling the map away on a phone.
  const botaoDesenhar = useRef<HTMLButtonElement | null>(null);
  const botaoCancelar = useRef<HTMLButtonElement>(null);
  const desenhava = useRef(false);
  useEffect(() => {
    if (desenho) botaoCancelar.current?.focus({ preventScroll: true });
    else if (desenhava.current) botaoDesenhar.current?.focus({ preventScroll: true });
    desenhava.current = desenho !== null;
  }, [desenho]);

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {desenho ? (
        <>
          <Button ref={botaoCancelar} variant="outlined" startIcon={<CloseIcon />} onClick={onCancelar}>
            Cancelar desenho
          </Button>
          {desenho === 'POLIGONO' && mapa && (
            <>
              <Button variant="outlined" startIcon={<UndoIcon />} disabled={progresso.pontos === 0} onClick={() => desfazerPonto(mapa)}>
                Desfazer ponto
              </Button>
              <Button variant="contained" startIcon={<DoneIcon />} disabled={progresso.pontos < 3} onClick={() => concluirPoligono(mapa)}>
                Concluir polígono
              </Button>
            </>
          )}
        </>
      ) : (
        <Button
          ref={(el: HTMLButtonElement | null) => {
            botaoDesenhar.current = el;
            refDoCampo(el);
          }}
          variant="contained"
          startIcon={circulo ? <CircleOutlinedIcon /> : <PentagonOutlinedIcon />}
          disabled={!mapa}
          onClick={onDesenhar}
          aria-describedby={descritoPor}
        >
          {circulo ? 'Desenhar círculo' : 'Desenhar polígono'}
        </Button>
      )}
    </Box>
  );
}
