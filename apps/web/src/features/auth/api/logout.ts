import { useMutation } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { mensagemSchema } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';
import { encerrarSessao } from '@/lib/sessao';

/** GET /api/logout: revokes the token on the server. */
export const logout = () => apiRequest('/api/logout', mensagemSchema, { expireOn401: false });

/** Logs out (at least 1.5 s, spec §9); the local session ends even if the server call fails. */
export const useLogout = () =>
  useMutation({
    mutationFn: () =>
      withMinDelay(
        logout().catch(() => null),
        DELAY.logout,
      ),
    onSettled: () => encerrarSessao(),
  });
