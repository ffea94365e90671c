import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import { apiRequest } from '@/lib/api-client';
import { guardioesKeys } from './keys';

export interface RemoverGuardiaoInput {
  /** The owner's link (MeuRastreador.id). */
  id: number;
  guardiaoId: number;
}

/** DELETE /api/usuarios/rastreadores/{id}/guardioes/{guardiaoId}: 204; cancels an invite or removes a guardian. */
export const removerGuardiao = ({ id, guardiaoId }: RemoverGuardiaoInput) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/guardioes/${encodeURIComponent(String(guardiaoId))}`, z.null(), {
    method: 'DELETE',
  });

export const useRemoverGuardiao = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removerGuardiao,
    onSuccess: (_r, { id, guardiaoId }) => {
      // Gone from the list at once; the refetch confirms it.
      queryClient.setQueryData<Guardiao[]>(guardioesKeys.de(id), (lista) => lista?.filter((g) => g.id !== guardiaoId));
      return queryClient.invalidateQueries({ queryKey: guardioesKeys.de(id) });
    },
  });
};
