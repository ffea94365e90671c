import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, confirmarDesligar } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useConfirm } from '@/components/ConfirmDialog';
import type { Folgas } from '@/components/map/ajuste';
import { MapView } from '@/components/map/MapView';
import { TileLayerConfig } from '@/components/map/TileLayerConfig';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useCelular } from '@/lib/use-celular';
import { useDesligarRastreador } from '../api/desligar-rastreador';
import { useMarcadores } from '../api/get-marcadores';
import { mapaKeys } from '../api/keys';
import { FILTRO_INICIAL, rotaDeHoje, type MapaFiltro } from '../filtro';
import { FiltrosSheet } from './celular/FiltrosSheet';
import { IdadeDosMarcadores } from './IdadeDosMarcadores';
import { PetsSheet } from './celular/PetsSheet';
import { ExportarMenu } from './ExportarMenu';
import { MapaFiltros } from './MapaFiltros';
import { MarcadoresAtuaisLayer, type Foco } from './mapa/MarcadoresAtuaisLayer';
import { RotaLayer } from './mapa/RotaLayer';
import { AvisosDoMapa } from './AvisosDoMapa';
import { RotaSheet } from './celular/RotaSheet';
import { VistaGuardadaLayer } from './mapa/VistaGuardadaLayer';

const NENHUM: readonly Marcador[] = [];
const chave = (f: MapaFiltro) => JSON.stringify(mapaKeys.marcadores(f));

interface MapaGpsProps {
  /** More layers of the current-location view, drawn under the markers (the route passes the safe zones). */
  camadasAtuais?: ReactNode;
  /** More actions of a pet, on its card and in its info window (lost-pet mode, share link). */
  acoesDoPet?: (m: Marcador) => ReactNode;
  /** More banners over the map and the history (a suspended subscription's). */
  avisos?: ReactNode;
}

/** `?rastreador=<rastreadorId>`: the pet to centre on (a push notification's tap opens it). */
function rastreadorEmFoco(valor: string | null): Foco | null {
  const id = Number(valor);
  return valor !== null && Number.isSafeInteger(id) && id > 0 ? { rastreadorId: id } : null;
}

/** The phone's 'Filtros' button over the map's top (the zoom buttons sit at its left, under nothing). */
const FOLGA_SUPERIOR_CELULAR = 56;
/** The phone's banners start right of the zoom buttons (Leaflet's, 10 px in and 34 px wide), so none covers them. */
const AVISOS_CELULAR = { position: 'absolute', top: 60, left: 54, right: 10, zIndex: 1001 } as const;

/** On a computer the age sits over the map's top, right of the zoom buttons: the map does not move when it goes. */
const IDADE_COMPUTADOR = { position: 'absolute', top: 10, left: 54, right: 10, zIndex: 1001, display: 'flex' } as const;

const sobreposicao = {
  position: 'absolute',
  inset: 0,
  zIndex: 1100,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bgcolor: 'rgba(255, 255, 255, 0.6)',
} as const;

/**
 * The pet the map centres on (`foco`) and, on a phone, the one whose card the sheet shows
 * (`selecionado`, a rastreadorId): first the one in the address, then a marker or card tapped. A new
 * address (a notification tapped while the map is open) asks for its pet again.
 */
function usePetEmFoco() {
  const [params] = useSearchParams();
  const idNoEndereco = params.get('rastreador');
  const [foco, setFoco] = useState<Foco | null>(() => rastreadorEmFoco(idNoEndereco));
  const [selecionado, setSelecionado] = useState<number | null>(() => rastreadorEmFoco(idNoEndereco)?.rastreadorId ?? null);
  const [enderecoVisto, setEnderecoVisto] = useState(idNoEndereco);
  if (idNoEndereco !== enderecoVisto) {
    const novo = rastreadorEmFoco(idNoEndereco);
    setEnderecoVisto(idNoEndereco);
    setFoco(novo);
    setSelecionado(novo?.rastreadorId ?? null);
  }
  return { foco, setFoco, selecionado, setSelecionado };
}

/**
 * On a phone the buttons and banners cover the map's top and a sheet its bottom: a search fits its
 * answer, and a pet picked is centred, in the part left visible. `folha` and `avisosNoMapa` go on
 * the sheet and the banners.
 */
function useFolgasDoCelular(celular: boolean) {
  const folha = useRef<HTMLElement>(null);
  const avisosNoMapa = useRef<HTMLDivElement>(null);
  const folgas = useMemo<Folgas | undefined>(
    () =>
      celular
        ? {
            superior: () => {
              const avisos = avisosNoMapa.current;
              return Math.max(FOLGA_SUPERIOR_CELULAR, avisos ? avisos.offsetTop + avisos.offsetHeight : 0);
            },
            inferior: () => folha.current?.offsetHeight ?? 0,
          }
        : undefined,
    [celular],
  );
  return { folgas, folha, avisosNoMapa };
}

/** Turning a tracker off from the map, after the owner confirms; a refusal in the server's words. */
function useDesligarComConfirmacao() {
  const desligar = useDesligarRastreador();
  const confirm = useConfirm();
  const onDesligar = async (m: Marcador) => {
    if (!(await confirm({ message: confirmarDesligar(m.name) }))) return;
    try {
      await desligar.mutateAsync(m.rastreadorId);
      mostrarSucesso(MSG.desligandoRastreador);
    } catch (e) {
      if (isApiError(e) && e.handled) return;
      // A co-guardian is refused in the server's words ('Só o dono do rastreador pode fazer isso.').
      mostrarErro(isApiError(e) && e.status === 403 && e.hasServerMessage ? e.message : MSG.erroDesligarRastreador);
    }
  };
  return { desligar, onDesligar };
}

/**
 * /user/mapa ('Mapa GPS'): every tracker's latest position at once, or one tracker's route. With
 * `?rastreador=<id>` the map opens centred on that tracker, its info window open. On a phone the
 * map fills the screen, the pets are a sheet of cards over it and the search opens in a sheet.
 */
export function MapaGps({ camadasAtuais, acoesDoPet, avisos: avisosExtra }: MapaGpsProps) {
  const celular = useCelular();
  const { foco, setFoco, selecionado, setSelecionado } = usePetEmFoco();
  const [filtro, setFiltro] = useState<MapaFiltro>(FILTRO_INICIAL);
  // Each search fits the map to its answer once; live updates then move markers without refitting.
  const [ajuste, setAjuste] = useState(0);
  const [filtrosAbertos, setFiltrosAbertos] = useState(false);
  const [petsAbertos, setPetsAbertos] = useState(true);
  const { query: marcadores, guardadosEm } = useMarcadores(filtro);
  const { desligar, onDesligar } = useDesligarComConfirmacao();
  const dados = marcadores.data ?? NENHUM;
  const { folgas, folha, avisosNoMapa } = useFolgasDoCelular(celular);

  /** A pet picked on the phone: its card in the open sheet, the pet in sight above it. */
  const selecionar = (m: Marcador, aproximar: boolean) => {
    setSelecionado(m.rastreadorId);
    setPetsAbertos(true);
    setFoco({ rastreadorId: m.rastreadorId, aproximar });
  };

  const buscar = (novo: MapaFiltro) => {
    // A search shows its whole answer: no pet is singled out any more.
    setFoco(null);
    setSelecionado(null);
    setAjuste((a) => a + 1);
    if (chave(novo) === chave(filtro)) void marcadores.refetch();
    else setFiltro(novo);
  };

  const historico = filtro.tipoVisualizacao === 'HISTORICO';
  const vazio = marcadores.isSuccess && !marcadores.isFetching && dados.length === 0;
  const exportar = historico && (
    <ExportarMenu rastreadorId={dados[0]?.rastreadorId ?? null} dataInicial={filtro.dataInicial} dataFinal={filtro.dataFinal} />
  );

  const mapa = (
    <MapView preencher={celular}>
      <TileLayerConfig />
      {historico ? (
        <RotaLayer pontos={dados} ajuste={ajuste} folgas={folgas} />
      ) : (
        <>
          {camadasAtuais}
          <MarcadoresAtuaisLayer
            marcadores={dados}
            ajuste={ajuste}
            folgas={folgas}
            foco={foco}
            onSelecionar={celular ? (m) => selecionar(m, false) : undefined}
            selecionado={celular ? selecionado : null}
            onDesligar={(m) => void onDesligar(m)}
            desligando={desligar.isPending}
            acoes={acoesDoPet}
          />
          <VistaGuardadaLayer pronto={marcadores.data !== undefined || marcadores.isError} />
        </>
      )}
    </MapView>
  );
  // The markers kept from the last visit show at once with their age (no veil over them) while the fresh ones load.
  const idade = guardadosEm !== null && <IdadeDosMarcadores salvoEm={guardadosEm} atualizando={marcadores.isFetching} />;
  const carregando = marcadores.isFetching && guardadosEm === null && (
    <Box sx={sobreposicao}>
      <Spinner label="Carregando localizações..." />
    </Box>
  );
  const avisos = (
    <AvisosDoMapa
      ref={avisosNoMapa}
      perdidos={historico ? NENHUM : dados.filter((m) => m.modoPerdido !== null)}
      vazio={vazio ? (historico ? MSG.nenhumaLocalizacaoNoPeriodo : MSG.nenhumRastreadorEncontrado) : null}
      idade={celular ? idade : false}
      extra={avisosExtra}
      sx={celular ? AVISOS_CELULAR : { '&:not(:empty)': { mb: 2 } }}
    />
  );

  if (!celular) {
    return (
      <>
        <MapaFiltros onBuscar={buscar} extra={exportar} />
        {avisos}
        <Box sx={{ position: 'relative' }}>
          {mapa}
          {carregando}
          {idade && <Box sx={IDADE_COMPUTADOR}>{idade}</Box>}
        </Box>
      </>
    );
  }

  const verTodos = () => buscar(FILTRO_INICIAL);
  return (
    <Box sx={{ position: 'absolute', inset: 0 }}>
      {mapa}
      {carregando}
      <Button
        variant="contained"
        color="inherit"
        startIcon={<TuneIcon />}
        onClick={() => setFiltrosAbertos(true)}
        aria-haspopup="dialog"
        sx={{ position: 'absolute', top: 10, right: 10, zIndex: 1001, bgcolor: 'background.paper' }}
      >
        Filtros
      </Button>
      {avisos}
      {historico ? (
        <RotaSheet
          ref={folha}
          nome={dados[0]?.name}
          dataInicial={filtro.dataInicial}
          dataFinal={filtro.dataFinal}
          onVerTodos={verTodos}
          exportar={exportar}
        />
      ) : (
        <PetsSheet
          ref={folha}
          marcadores={dados}
          vazio={vazio}
          aberto={petsAbertos}
          onAlternar={() => setPetsAbertos((a) => !a)}
          onSelecionar={(m) => selecionar(m, true)}
          selecionado={dados.find((m) => m.rastreadorId === selecionado) ?? null}
          onVoltar={() => setSelecionado(null)}
          onRotaDeHoje={(m) => buscar(rotaDeHoje(m.usuarioRastreadorId))}
          onDesligar={(m) => void onDesligar(m)}
          desligando={desligar.isPending}
          acoesDoPet={acoesDoPet}
        />
      )}
      <FiltrosSheet aberto={filtrosAbertos} onFechar={() => setFiltrosAbertos(false)} filtro={filtro} onBuscar={buscar} extra={exportar} />
    </Box>
  );
}
