import { useMutation, useQueryClient } from '@tanstack/react-query';
import { alterarSituacaoUsuarioErro } from '@rastro/shared/messages';
import { usuarioDetalheSchema } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { usuarioKeys } from './usuario-keys';

/** PUT /api/usuarios/ativar/{id}. */
export const ativarUsuario = (id: number) =>
  apiRequest(`/api/usuarios/ativar/${encodeURIComponent(String(id))}`, usuarioDetalheSchema, { method: 'PUT' });

export function useAtivarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ativarUsuario,
    meta: { errorMessage: alterarSituacaoUsuarioErro('Ativar') },
    onSuccess: async (saved) => {
      queryClient.setQueryData(usuarioKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: usuarioKeys.lists() });
    },
  });
}
