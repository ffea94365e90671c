import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { viaCepSchema, type ViaCep } from '@rastro/shared/schemas/lookups';
import { onlyDigits } from '@rastro/shared/validators';
import { apiRequest } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { lookupKeys } from './lookup-keys';

/** GET /api/via-cep/cep/{cep} (8 digits): the address of a CEP with our state and city ids. */
export const getEnderecoPorCep = (cep: string) => apiRequest(`/api/via-cep/cep/${encodeURIComponent(onlyDigits(cep))}`, viaCepSchema);

/** The address form says what went wrong under the CEP itself, so the query cache shows no snackbar. */
export const enderecoPorCepQueryOptions = (cep: string) =>
  queryOptions({
    queryKey: lookupKeys.cep(onlyDigits(cep)),
    queryFn: () => getEnderecoPorCep(cep),
    staleTime: Infinity,
    retry: false,
    meta: { errorMessage: false },
  });

/**
 * A lookup's outcome: the address; a CEP that does not exist (the server's message); or the
 * lookup unavailable (ViaCEP down or slow, the server out of reach): the person types the address.
 */
export type ResultadoCep =
  | { tipo: 'encontrado'; endereco: ViaCep }
  | { tipo: 'naoEncontrado'; mensagem: string }
  | { tipo: 'indisponivel' }
  /** Already told (the expired-session notice). */
  | { tipo: 'tratado' };

/** Looks a CEP up (once per CEP that was found). */
export function useBuscarCep() {
  const queryClient = useQueryClient();
  return useCallback(
    async (cep: string): Promise<ResultadoCep> => {
      try {
        return { tipo: 'encontrado', endereco: await queryClient.fetchQuery(enderecoPorCepQueryOptions(cep)) };
      } catch (e) {
        if (isApiError(e) && e.handled) return { tipo: 'tratado' };
        if (isApiError(e) && (e.status === 404 || e.status === 400)) return { tipo: 'naoEncontrado', mensagem: e.message };
        return { tipo: 'indisponivel' };
      }
    },
    [queryClient],
  );
}
