import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { viaCepSchema, type ViaCep } from '@rastro/shared/schemas/lookups';
import { onlyDigits } from '@rastro/shared/validators';
import { apiRequest } from '@/lib/api-client';
import { lookupKeys } from './lookup-keys';

/** GET /api/via-cep/cep/{cep} (8 digits): the address of a CEP with our state and city ids. */
export const getEnderecoPorCep = (cep: string) => apiRequest(`/api/via-cep/cep/${encodeURIComponent(onlyDigits(cep))}`, viaCepSchema);

/**
 * A failure is reported by the query cache with the server's own message ('CEP não
 * encontrado.', or that the lookup is unavailable) in a snackbar.
 */
export const enderecoPorCepQueryOptions = (cep: string) =>
  queryOptions({
    queryKey: lookupKeys.cep(onlyDigits(cep)),
    queryFn: () => getEnderecoPorCep(cep),
    staleTime: Infinity,
    retry: false,
  });

/** Looks a CEP up (once per CEP); resolves to null when it failed (already reported). */
export function useBuscarCep() {
  const queryClient = useQueryClient();
  return useCallback(
    async (cep: string): Promise<ViaCep | null> => {
      try {
        return await queryClient.fetchQuery(enderecoPorCepQueryOptions(cep));
      } catch {
        return null;
      }
    },
    [queryClient],
  );
}
