import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alterarSituacaoUsuarioErro } from '@rastro/shared/messages';
import { usuarioDetalheSchema } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** DELETE /api/usuarios/inativar/{id}: the user can no longer log in. */
export const inativarUsuario = (id: number) =>
  apiRequest(`/api/usuarios/inativar/${encodeURIComponent(String(id))}`, usuarioDetalheSchema, { method: 'DELETE' });

export function useInativarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inativarUsuario,
    meta: { errorMessage: alterarSituacaoUsuarioErro('Inativar') },
    onSuccess: async (saved) => {
      queryClient.setQueryData(usuarioKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: usuarioKeys.lists() });
    },
  });
}
