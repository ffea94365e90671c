import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meuRastreadorSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';

/**
 * POST /api/convites/{token}/aceitar (logged in): the tracker as the new guardian now sees it.
 * 404 unknown token, 410 used or expired, 400 when the user owns the tracker.
 */
export const aceitarConvite = (token: string) =>
  apiRequest(`/api/convites/${encodeURIComponent(token)}/aceitar`, meuRastreadorSchema, { method: 'POST' });

export const useAceitarConvite = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: aceitarConvite,
    // The pet joins every screen that lists trackers (the keys are the live ones, lib/ao-vivo/keys.ts).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: aoVivoKeys.meusRastreadores }),
        queryClient.invalidateQueries({ queryKey: aoVivoKeys.marcadores }),
      ]),
  });
};
