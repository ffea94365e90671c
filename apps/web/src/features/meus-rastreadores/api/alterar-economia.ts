import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { AcaoSituacao, ModoEconomia } from '@rastro/shared/messages';
import { meuRastreadorSchema, type meuRastreadorPageSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { meuRastreadorKeys } from './keys';

type MeuRastreadorPage = z.infer<typeof meuRastreadorPageSchema>;

export interface AlterarEconomiaInput {
  id: number;
  modo: ModoEconomia;
  acao: AcaoSituacao;
}

const path = ({ id, modo, acao }: AlterarEconomiaInput) =>
  `/api/usuarios/rastreadores/${acao === 'Ativar' ? 'ativar' : 'inativar'}-${modo === 'ultra' ? 'ultra-economia-bateria' : 'economia-bateria'}/${encodeURIComponent(String(id))}`;

/**
 * PUT /api/usuarios/rastreadores/{ativar|inativar}-{economia|ultra-economia}-bateria/{id}: the
 * tracker as it is now (409 while the other mode, or lost mode, is on).
 */
export const alterarEconomia = (input: AlterarEconomiaInput) => apiRequest(path(input), meuRastreadorSchema, { method: 'PUT' });

export const useAlterarEconomia = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarEconomia,
    onSuccess: (rastreador) => {
      queryClient.setQueryData(meuRastreadorKeys.detail(rastreador.id), rastreador);
      // The row shows the new mode at once; the refetch then brings the rest up to date.
      queryClient.setQueriesData<MeuRastreadorPage>(
        { queryKey: meuRastreadorKeys.lists() },
        (page) => page && { ...page, content: page.content.map((r) => (r.id === rastreador.id ? rastreador : r)) },
      );
      return queryClient.invalidateQueries({ queryKey: meuRastreadorKeys.lists() });
    },
    onError: (e) => {
      // A 409 means the tracker changed elsewhere (lost mode turned on, the other mode on): read it again.
      if (isApiError(e) && e.status === 409) void queryClient.invalidateQueries({ queryKey: meuRastreadorKeys.lists() });
    },
  });
};
