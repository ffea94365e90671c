import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { Link } from '@rastro/shared/schemas/links';
import { apiRequest } from '@/lib/api-client';
import { perdidoKeys } from './keys';

export interface RevogarLinkInput {
  /** The owner's link (MeuRastreador.id). */
  id: number;
  linkId: number;
}

/** DELETE /api/usuarios/rastreadores/{id}/links/{linkId}: 204; whoever has the link then sees 'Este link expirou'. */
export const revogarLink = ({ id, linkId }: RevogarLinkInput) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/links/${encodeURIComponent(String(linkId))}`, z.null(), {
    method: 'DELETE',
  });

export const useRevogarLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revogarLink,
    onSuccess: (_r, { id, linkId }) => {
      // Gone from the list at once; the refetch confirms it.
      queryClient.setQueryData<Link[]>(perdidoKeys.linksDe(id), (links) => links?.filter((l) => l.id !== linkId));
      return queryClient.invalidateQueries({ queryKey: perdidoKeys.linksDe(id) });
    },
  });
};
