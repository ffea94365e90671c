import { queryOptions } from '@tanstack/react-query';
import { chavePushSchema } from '@rastro/shared/schemas/push';
import { apiRequest } from '@/lib/api-client';
import { pushKeys } from './keys';

/** GET /api/push/chave: the server's VAPID public key (base64url), which the browser subscribes with. */
export const getChavePush = (signal?: AbortSignal) => apiRequest('/api/push/chave', chavePushSchema, { signal });

export const chavePushQueryOptions = () =>
  queryOptions({
    queryKey: pushKeys.chave(),
    queryFn: ({ signal }) => getChavePush(signal),
    // The key changes only if the server's VAPID keys do.
    staleTime: Infinity,
    // The control shows the failure itself.
    meta: { errorMessage: false },
  });
