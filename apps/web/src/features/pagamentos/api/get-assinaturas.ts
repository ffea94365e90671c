import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { assinaturaSchema } from '@rastro/shared/schemas/pagamentos';
import { apiRequest } from '@/lib/api-client';
import { pagamentoKeys } from './keys';

/** GET /api/usuarios/assinaturas: the subscriptions of the user's pets and of the pets they guard. */
export const getAssinaturas = (signal?: AbortSignal) => apiRequest('/api/usuarios/assinaturas', z.array(assinaturaSchema), { signal });

export const assinaturasQueryOptions = () =>
  queryOptions({
    queryKey: pagamentoKeys.assinaturas(),
    queryFn: ({ signal }) => getAssinaturas(signal),
    meta: { errorMessage: false },
  });

/** `enabled` false while payments are off (nothing to ask). */
export const useAssinaturas = (enabled = true) => useQuery({ ...assinaturasQueryOptions(), enabled });
