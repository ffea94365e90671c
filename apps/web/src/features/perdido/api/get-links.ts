import { queryOptions, useQuery } from '@tanstack/react-query';
import { linksSchema } from '@rastro/shared/schemas/links';
import { apiRequest } from '@/lib/api-client';
import { perdidoKeys } from './keys';

/** GET /api/usuarios/rastreadores/{id}/links: the tracker's active share links (no URL: only its hash is kept). */
export const getLinks = (id: number, signal?: AbortSignal) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/links`, linksSchema, { signal });

export const linksQueryOptions = (id: number) =>
  queryOptions({
    queryKey: perdidoKeys.linksDe(id),
    queryFn: ({ signal }) => getLinks(id, signal),
    // The dialog shows the failure itself.
    meta: { errorMessage: false },
  });

/** Fetches only while `enabled` (the dialog is open). */
export const useLinks = (id: number, enabled = true) => useQuery({ ...linksQueryOptions(id), enabled });
