import { liveKeys } from '@/lib/live/keys';
import type { MapaFiltro } from '../filtro';

/** Query keys of the map. ATUAL lives under the live keys, so the socket moves the markers. */
export const mapaKeys = {
  rastreadoresSelect: () => [...liveKeys.meusRastreadores, 'select'] as const,
  /** ATUAL (live) and HISTORICO (not live) marker lists. */
  marcadores: (f: MapaFiltro) =>
    f.tipoVisualizacao === 'ATUAL'
      ? liveKeys.marcadoresAtuais(f.usuarioRastreadorId)
      : ([...liveKeys.marcadores, 'HISTORICO', f.usuarioRastreadorId, f.dataInicial, f.dataFinal] as const),
  atuais: () => [...liveKeys.marcadores, 'ATUAL'] as const,
};
