import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import type { MapaFiltro } from '../filtro';

/** Query keys of the map. ATUAL lives under the live keys, so the socket moves the markers. */
export const mapaKeys = {
  rastreadoresSelect: () => [...aoVivoKeys.meusRastreadores, 'select'] as const,
  /** ATUAL (live) and HISTORICO (not live) marker lists. */
  marcadores: (f: MapaFiltro) =>
    f.tipoVisualizacao === 'ATUAL'
      ? aoVivoKeys.marcadoresAtuais(f.usuarioRastreadorId)
      : ([...aoVivoKeys.marcadores, 'HISTORICO', f.usuarioRastreadorId, f.dataInicial, f.dataFinal] as const),
  atuais: () => [...aoVivoKeys.marcadores, 'ATUAL'] as const,
};
