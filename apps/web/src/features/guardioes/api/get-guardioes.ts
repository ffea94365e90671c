import { queryOptions, useQuery } from '@tanstack/react-query';
import { guardioesSchema } from '@rastro/shared/schemas/guardioes';
import { apiRequest } from '@/lib/api-client';
import { guardioesKeys } from './keys';

/** GET /api/usuarios/rastreadores/{id}/guardioes: guardians and pending invites (owner only; a guardian gets 403). */
export const getGuardioes = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/guardioes`, guardioesSchema, { signal });

export const guardioesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: guardioesKeys.de(id),
    queryFn: ({ signal }) => getGuardioes(id, signal),
    // The section shows the failure itself.
    meta: { errorMessage: false },
  });

/** Fetches only while `enabled` (the tracker is the user's own). */
export const useGuardioes = (id: number, enabled = true) => useQuery({ ...guardioesQueryOptions(id), enabled });
