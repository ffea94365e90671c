import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';

/** DELETE /api/push/inscricoes: stops the pushes to this browser's endpoint; 204, no body. */
export const cancelarInscricaoPush = (endpoint: string) =>
  apiRequest('/api/push/inscricoes', z.null(), { method: 'DELETE', json: { endpoint } });

export const useCancelarInscricaoPush = () => useMutation({ mutationFn: cancelarInscricaoPush });
