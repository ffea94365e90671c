import type { ListPaging } from '@/lib/use-list-params';

/** The filters of the admin user list (as typed; empty ones are left out). */
// A type alias (not an interface) so it fits useListParams' Record<string, string>.
export type UsuarioListaFiltros = { nome: string; cpf: string; email: string };

export type UsuarioListaParams = ListPaging & Partial<UsuarioListaFiltros>;

export const usuarioKeys = {
  all: ['usuarios'] as const,
  lists: () => [...usuarioKeys.all, 'list'] as const,
  list: (params: UsuarioListaParams) => [...usuarioKeys.lists(), params] as const,
  details: () => [...usuarioKeys.all, 'detail'] as const,
  detail: (id: number) => [...usuarioKeys.details(), id] as const,
};
