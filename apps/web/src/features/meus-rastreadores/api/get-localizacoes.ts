import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TipoLocalizacao } from '@rastro/shared/dominio';
import { localizacaoPageSchema } from '@rastro/shared/schemas/localizacoes';
import { apiRequest } from '@/lib/api-client';
import type { ListPaging } from '@/lib/use-list-params';
import { meuRastreadorKeys } from './keys';

/** GET /api/localizacoes: one page of a tracker's positions of one type, newest first by default. */
export const getLocalizacoes = (rastreadorId: number, tipo: TipoLocalizacao, paging: ListPaging, signal?: AbortSignal) =>
  apiRequest('/api/localizacoes', localizacaoPageSchema, {
    query: { rastreadorId, tipoLocalizacao: tipo, ...paging },
    signal,
  });

export const localizacoesQueryOptions = (rastreadorId: number, tipo: TipoLocalizacao, paging: ListPaging) =>
  queryOptions({
    queryKey: meuRastreadorKeys.localizacoes(rastreadorId, tipo, paging),
    queryFn: ({ signal }) => getLocalizacoes(rastreadorId, tipo, paging, signal),
    placeholderData: keepPreviousData,
    // The table shows the failure itself.
    meta: { errorMessage: false },
  });

/** Waits (disabled) until the tracker, and so its `rastreadorId`, is known. */
export const useLocalizacoes = (rastreadorId: number | undefined, tipo: TipoLocalizacao, paging: ListPaging) =>
  useQuery({ ...localizacoesQueryOptions(rastreadorId ?? 0, tipo, paging), enabled: rastreadorId !== undefined });
