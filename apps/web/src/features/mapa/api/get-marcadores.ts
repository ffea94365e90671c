import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@rastro/shared/messages';
import { marcadoresSchema } from '@rastro/shared/schemas/mapa';
import { apiRequest } from '@/lib/api-client';
import type { MapaFiltro } from '../filtro';
import { mapaKeys } from './keys';

/** GET /api/usuarios/rastreadores/ultimas-localizacoes: latest positions, or one tracker's route in time order. */
export const getMarcadores = (f: MapaFiltro, signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores/ultimas-localizacoes', marcadoresSchema, { query: { ...f }, signal });

export const marcadoresQueryOptions = (f: MapaFiltro) =>
  queryOptions({
    queryKey: mapaKeys.marcadores(f),
    queryFn: ({ signal }) => getMarcadores(f, signal),
    meta: { errorMessage: MSG.erroCarregarRegistro },
    // Opening the map always shows where the pets are now; the live channel keeps it fresh after that.
    refetchOnMount: f.tipoVisualizacao === 'ATUAL' ? 'always' : true,
  });

export const useMarcadores = (f: MapaFiltro) => useQuery(marcadoresQueryOptions(f));
