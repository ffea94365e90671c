import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { atividadeDiasSchema } from '@rastro/shared/schemas/atividade';
import { apiRequest } from '@/lib/api-client';
import type { Periodo } from '../hooks/use-periodo';
import { atividadeKeys } from './keys';

/** GET /api/usuarios/rastreadores/{id}/atividade: every day of the period (zeros when nothing). */
export const getAtividade = (id: number, p: Periodo, signal?: AbortSignal) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/atividade`, atividadeDiasSchema, {
    query: { dataInicial: p.dataInicial, dataFinal: p.dataFinal },
    signal,
  });

export const atividadeQueryOptions = (id: number, p: Periodo) =>
  queryOptions({
    queryKey: atividadeKeys.dias(id, p.dataInicial, p.dataFinal),
    queryFn: ({ signal }) => getAtividade(id, p, signal),
    // Today's figures grow as the collar reports: read again every minute while the tab is open.
    refetchInterval: 60_000,
    // The chart keeps the other period on screen while this one loads, and shows a failure itself.
    placeholderData: keepPreviousData,
    meta: { errorMessage: false },
  });

export const useAtividade = (id: number, p: Periodo) => useQuery(atividadeQueryOptions(id, p));
