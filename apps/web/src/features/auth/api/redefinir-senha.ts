import { useMutation } from '@tanstack/react-query';
import { mensagemSchema, type ResetaSenha } from '@rastro/shared/schemas/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /users/pass/reseta-senha: sets a new password with the e-mailed token. */
export const redefinirSenha = (input: ResetaSenha) =>
  apiRequest('/users/pass/reseta-senha', mensagemSchema, { method: 'POST', auth: false, json: input });

export const useRedefinirSenha = () => useMutation({ mutationFn: redefinirSenha });
