import { useMutation } from '@tanstack/react-query';
import { DELAY } from '@rastro/shared/constants';
import { mensagemSchema, type AlterarSenha } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';
import { withMinDelay } from '@/lib/delay';

/** PUT /api/usuarios/alterar-senha: the logged user's own password; the server then revokes every token. */
export const alterarSenha = (input: AlterarSenha) =>
  apiRequest('/api/usuarios/alterar-senha', mensagemSchema, { method: 'PUT', json: input });

export const useAlterarSenha = () => useMutation({ mutationFn: (input: AlterarSenha) => withMinDelay(alterarSenha(input), DELAY.slow) });
