import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@rastro/shared/messages';
import { usuarioDetalheSchema } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { minhaContaKeys } from './keys';

/** GET /users/{id}: the user's own data (the server answers only for the logged or emulated user). */
export const getMinhaConta = (id: number, signal?: AbortSignal) =>
  apiRequest(`/users/${encodeURIComponent(String(id))}`, usuarioDetalheSchema, { signal });

export const minhaContaQueryOptions = (id: number) =>
  queryOptions({
    queryKey: minhaContaKeys.detail(id),
    queryFn: ({ signal }) => getMinhaConta(id, signal),
    // The form edits a fresh copy.
    staleTime: 0,
    meta: { errorMessage: MSG.erroCarregarRegistro },
  });

export const useMinhaConta = (id: number) => useQuery(minhaContaQueryOptions(id));
