import { useMutation } from '@tanstack/react-query';
import { mensagemSchema } from '@rastro/shared/schemas/auth';
import type { Sincronizar } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/usuarios/rastreadores/sincronizar: asks one tracker (or all of the user's) to report now. */
export const sincronizar = (body: Sincronizar) =>
  apiRequest('/api/usuarios/rastreadores/sincronizar', mensagemSchema, { method: 'PUT', json: body });

export const useSincronizar = () => useMutation({ mutationFn: sincronizar });
