import { useMutation } from '@tanstack/react-query';
import { emulacaoSchema } from '@rastro/shared/schemas/usuarios';
import { apiRequest } from '@/lib/api-client';

/** GET /api/usuarios/{id}/emulacao (PER2): whom the administrator is about to act as. */
export const getEmulacao = (usuarioId: number) =>
  apiRequest(`/api/usuarios/${encodeURIComponent(String(usuarioId))}/emulacao`, emulacaoSchema);

/** An action the administrator starts, so a mutation; a refusal shows the server's message. */
export const useGetEmulacao = () => useMutation({ mutationFn: getEmulacao, meta: { errorMessage: true } });
