import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MSG, confirmarDesligar } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useConfirm } from '@/components/ConfirmDialog';
import { MapView } from '@/components/map/MapView';
import { TileLayerConfig } from '@/components/map/TileLayerConfig';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api-error';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDesligarRastreador } from '../api/desligar-rastreador';
import { useMarcadores } from '../api/get-marcadores';
import { mapaKeys } from '../api/keys';
import { FILTRO_INICIAL, type MapaFiltro } from '../filtro';
import { ExportarMenu } from './ExportarMenu';
import { MapaFiltros } from './MapaFiltros';
import { MarcadoresAtuaisLayer } from './map/MarcadoresAtuaisLayer';
import { RotaLayer } from './map/RotaLayer';

const NENHUM: readonly Marcador[] = [];
const chave = (f: MapaFiltro) => JSON.stringify(mapaKeys.marcadores(f));

interface MapaGpsProps {
  /** More layers of the current-location view, drawn under the markers (the route passes the safe zones). */
  camadasAtuais?: ReactNode;
}

/** `?rastreador=<rastreadorId>`: the pet to centre on (a push notification's tap opens it). */
function rastreadorEmFoco(params: URLSearchParams): number | null {
  const id = Number(params.get('rastreador'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /user/mapa ('Mapa GPS'): every tracker's latest position at once, or one tracker's route. With
 * `?rastreador=<id>` the map opens centred on that tracker, its info window open.
 */
export function MapaGps({ camadasAtuais }: MapaGpsProps) {
  const [params] = useSearchParams();
  const foco = rastreadorEmFoco(params);
  const [filtro, setFiltro] = useState<MapaFiltro>(FILTRO_INICIAL);
  // Each search fits the map to its answer once; live updates then move markers without refitting.
  const [ajuste, setAjuste] = useState(0);
  const marcadores = useMarcadores(filtro);
  const desligar = useDesligarRastreador();
  const confirm = useConfirm();
  const dados = marcadores.data ?? NENHUM;

  const buscar = (novo: MapaFiltro) => {
    setAjuste((a) => a + 1);
    if (chave(novo) === chave(filtro)) void marcadores.refetch();
    else setFiltro(novo);
  };

  const onDesligar = async (m: Marcador) => {
    if (!(await confirm({ message: confirmarDesligar(m.name) }))) return;
    try {
      await desligar.mutateAsync(m.rastreadorId);
      notifySuccess(MSG.desligandoRastreador);
    } catch (e) {
      if (!(isApiError(e) && e.handled)) notifyError(MSG.erroDesligarRastreador);
    }
  };

  const historico = filtro.tipoVisualizacao === 'HISTORICO';
  const vazio = marcadores.isSuccess && !marcadores.isFetching && dados.length === 0;

  return (
    <>
      <MapaFiltros
        onBuscar={buscar}
        extra={
          historico && (
            <ExportarMenu rastreadorId={dados[0]?.rastreadorId ?? null} dataInicial={filtro.dataInicial} dataFinal={filtro.dataFinal} />
          )
        }
      />
      {vazio && (
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          {historico ? MSG.nenhumaLocalizacaoNoPeriodo : MSG.nenhumRastreadorEncontrado}
        </Alert>
      )}
      <Box sx={{ position: 'relative' }}>
        <MapView>
          <TileLayerConfig />
          {historico ? (
            <RotaLayer pontos={dados} ajuste={ajuste} />
          ) : (
            <>
              {camadasAtuais}
              <MarcadoresAtuaisLayer
                marcadores={dados}
                ajuste={ajuste}
                foco={foco}
                onDesligar={(m) => void onDesligar(m)}
                desligando={desligar.isPending}
              />
            </>
          )}
        </MapView>
        {marcadores.isFetching && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              zIndex: 1100,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              bgcolor: 'rgba(255, 255, 255, 0.6)',
            }}
          >
            <Spinner label="Carregando localizações..." />
          </Box>
        )}
      </Box>
    </>
  );
}
