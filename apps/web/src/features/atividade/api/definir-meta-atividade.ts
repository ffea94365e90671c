import { useMutation, useQueryClient } from '@tanstack/react-query';
import { metaAtividadeOuNulaSchema, type MetaAtividade } from '@rastro/shared/schemas/atividade';
import { apiRequest } from '@/lib/api-client';
import { atividadeKeys } from './keys';

/** PUT /api/usuarios/rastreadores/{id}/meta-atividade: sets the daily goal; null clears it. */
export const definirMetaAtividade = ({ id, meta }: { id: number; meta: MetaAtividade | null }) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/meta-atividade`, metaAtividadeOuNulaSchema, {
    method: 'PUT',
    json: meta,
  });

export const useDefinirMetaAtividade = (id: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (meta: MetaAtividade | null) => definirMetaAtividade({ id, meta }),
    onSuccess: (meta) => queryClient.setQueryData(atividadeKeys.meta(id), meta),
  });
};
