import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { usuarioDetalheSchema, type UsuarioForm } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';
import { usuarioKeys } from './usuario-keys';

/** POST /api/usuarios: creates (201) or, with `id`, updates (200). A new user gets a first-access e-mail. */
export const salvarUsuario = (input: UsuarioForm) => apiRequest('/api/usuarios', usuarioDetalheSchema, { method: 'POST', json: input });

export function useSalvarUsuario() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UsuarioForm) => withMinDelay(salvarUsuario(input), DELAY.normal),
    onSuccess: async (saved) => {
      queryClient.setQueryData(usuarioKeys.detail(saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: usuarioKeys.lists() });
    },
  });
}
