import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcaoSituacao } from '@rastro/shared/messages';
import { rastreadorAdminSchema } from '@rastro/shared/schemas/rastreadores';
import { apiRequest } from '@/lib/api-client';
import { rastreadorKeys } from './keys';

const path = (acao: AcaoSituacao, id: number) =>
  `/api/rastreadores/${acao === 'Ativar' ? 'ativar' : 'inativar'}/${encodeURIComponent(String(id))}`;

/** PUT /api/rastreadores/ativar/{id} or DELETE /api/rastreadores/inativar/{id}. */
export const alterarSituacaoRastreador = ({ id, acao }: { id: number; acao: AcaoSituacao }) =>
  apiRequest(path(acao, id), rastreadorAdminSchema, { method: acao === 'Ativar' ? 'PUT' : 'DELETE' });

export const useAlterarSituacaoRastreador = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarSituacaoRastreador,
    onSuccess: (rastreador) => {
      queryClient.setQueryData(rastreadorKeys.detail(rastreador.id), rastreador);
      return queryClient.invalidateQueries({ queryKey: rastreadorKeys.lists() });
    },
  });
};
