import { queryOptions, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MSG } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { apiRequest, leitorManual } from '@/lib/api-client';
import { lerSessao, useSessao } from '@/lib/sessao';
import type { MapaFiltro } from '../filtro';
import { mapaKeys } from './keys';
import { lerMarcadores } from './ler-marcadores';
import { donoDaSessao, guardar, lerGuardados } from './marcadores-guardados';

const marcadores = leitorManual(lerMarcadores);

/**
 * GET /api/usuarios/rastreadores/ultimas-localizacoes: latest positions, or one tracker's route in
 * time order (up to 10,000: read by hand, as marcadoresSchema reads them).
 */
export const getMarcadores = (f: MapaFiltro, signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores/ultimas-localizacoes', marcadores, { query: { ...f }, signal });

/** Only every pet's latest position is kept in the browser: what the map opens on. */
const guardavel = (f: MapaFiltro) => f.tipoVisualizacao === 'ATUAL' && f.usuarioRastreadorId === null;

export const marcadoresQueryOptions = (f: MapaFiltro) => {
  // The query starts from the markers this user saw last (marcadores-guardados.ts), with their age:
  // read once, when the query enters the cache. The fetch on mount then replaces them.
  let salvoEm: number | undefined;
  return queryOptions({
    queryKey: mapaKeys.marcadores(f),
    queryFn: ({ signal }) => getMarcadores(f, signal),
    meta: { errorMessage: MSG.erroCarregarRegistro },
    // Opening the map always shows where the pets are now; the live channel keeps it fresh after that.
    refetchOnMount: f.tipoVisualizacao === 'ATUAL' ? 'always' : true,
    ...(guardavel(f) && {
      initialData: (): Marcador[] | undefined => {
        const g = lerGuardados(donoDaSessao(lerSessao()));
        salvoEm = g?.salvoEm;
        return g?.marcadores;
      },
      initialDataUpdatedAt: () => salvoEm,
    }),
  });
};

/**
 * The markers of a search. For every pet's latest position, also `guardadosEm`: when the markers
 * shown were current if they are the ones kept in this browser (no answer or live update since),
 * else null; and each new list (an answer, a live update) is kept for the next visit.
 */
export function useMarcadores(f: MapaFiltro): { query: UseQueryResult<Marcador[]>; guardadosEm: number | null } {
  const query = useQuery(marcadoresQueryOptions(f));
  const queryClient = useQueryClient();
  const dono = donoDaSessao(useSessao());
  const { data, dataUpdatedAt } = query;
  // Only the data a query was created with (initialData: the kept markers) has no update counted.
  const inicial = queryClient.getQueryState(mapaKeys.marcadores(f))?.dataUpdateCount === 0;
  const guardadosEm = guardavel(f) && data !== undefined && inicial ? dataUpdatedAt : null;
  const novos = guardavel(f) && data !== undefined && !inicial;
  useEffect(() => {
    if (novos && dono !== null && data !== undefined) guardar(dono, data, dataUpdatedAt);
  }, [novos, dono, data, dataUpdatedAt]);
  return { query, guardadosEm };
}
