import { useMutation } from '@tanstack/react-query';
import { okSchema } from '@rastro/shared/schemas/common';
import type { InscricaoPush } from '@rastro/shared/schemas/push';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/push/inscricoes: this browser's subscription (`PushSubscription.toJSON()`); 201 new,
 * 200 already known, 409 at the limit of 10 browsers, 400 for an endpoint that is not public https.
 */
export const inscreverPush = (inscricao: InscricaoPush) =>
  apiRequest('/api/push/inscricoes', okSchema, { method: 'POST', json: inscricao });

export const useInscreverPush = () => useMutation({ mutationFn: inscreverPush });
