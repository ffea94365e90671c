import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@rastro/shared/messages';
import { usuarioDetalheSchema } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** GET /api/usuarios/{id} (PER2). */
export const getUsuario = (id: number) => apiRequest(`/api/usuarios/${encodeURIComponent(String(id))}`, usuarioDetalheSchema);

export const usuarioQueryOptions = (id: number) =>
  queryOptions({
    queryKey: usuarioKeys.detail(id),
    queryFn: () => getUsuario(id),
    // The form edits a fresh copy.
    staleTime: 0,
    meta: { errorMessage: MSG.erroCarregarRegistro },
  });

export const useUsuario = (id: number) => useQuery(usuarioQueryOptions(id));
