import { queryOptions, useQuery } from '@tanstack/react-query';
import { marcadoresSchema } from '@rastro/shared/schemas/mapa';
import { apiRequest } from '@/lib/api-client';
import { zonaKeys } from './keys';

/**
 * GET /api/usuarios/rastreadores/ultimas-localizacoes (ATUAL): where each pet is now, to draw a
 * zone around it. The same query as the map's, so the live channel keeps both fresh.
 */
export const getLocalizacoesAtuais = (signal?: AbortSignal) =>
  apiRequest('/api/usuarios/rastreadores/ultimas-localizacoes', marcadoresSchema, { query: { tipoVisualizacao: 'ATUAL' }, signal });

export const localizacoesAtuaisQueryOptions = () =>
  queryOptions({
    queryKey: zonaKeys.localizacoesAtuais(),
    queryFn: ({ signal }) => getLocalizacoesAtuais(signal),
    // Without them the editor still works (centred on the map).
    meta: { errorMessage: false },
  });

export const useLocalizacoesAtuais = () => useQuery(localizacoesAtuaisQueryOptions());
