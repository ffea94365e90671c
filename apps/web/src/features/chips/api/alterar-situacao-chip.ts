import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcaoSituacao } from '@rastro/shared/messages';
import { chipSchema } from '@rastro/shared/schemas/chips';
import { apiRequest } from '@/lib/api-client';
import { chipKeys } from './keys';

const path = (acao: AcaoSituacao, id: number) =>
  `/api/chips/${acao === 'Ativar' ? 'ativar' : 'inativar'}/${encodeURIComponent(String(id))}`;

/** PUT /api/chips/ativar/{id} or DELETE /api/chips/inativar/{id}. */
export const alterarSituacaoChip = ({ id, acao }: { id: number; acao: AcaoSituacao }) =>
  apiRequest(path(acao, id), chipSchema, { method: acao === 'Ativar' ? 'PUT' : 'DELETE' });

export const useAlterarSituacaoChip = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarSituacaoChip,
    onSuccess: (chip) => {
      queryClient.setQueryData(chipKeys.detail(chip.id), chip);
      return queryClient.invalidateQueries({ queryKey: chipKeys.lists() });
    },
  });
};
