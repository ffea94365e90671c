import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usuarioPageSchema } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { usuarioKeys, type UsuarioListaParams } from './usuario-keys';

/** GET /api/usuarios (PER2): search by nome, CPF and e-mail; paged and ordered. */
export const getUsuarios = (params: UsuarioListaParams) => apiRequest('/api/usuarios', usuarioPageSchema, { query: { ...params } });

export const usuariosQueryOptions = (params: UsuarioListaParams) =>
  queryOptions({
    queryKey: usuarioKeys.list(params),
    queryFn: () => getUsuarios(params),
    placeholderData: keepPreviousData,
    // The table itself says the list could not load.
    meta: { errorMessage: false },
  });

export const useUsuarios = (params: UsuarioListaParams) => useQuery(usuariosQueryOptions(params));
