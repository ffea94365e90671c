import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { landingPath } from '@/lib/landing';
import { iniciarEmulacao } from '@/lib/sessao';
import { useGetEmulacao } from '../api/get-emulacao';

/**
 * 'Emular': fetch who the user is, act as them from now on (every call then carries
 * X-Usuario-Emulado) and land where they would (the map for a client).
 */
export function useEmular() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync, isPending } = useGetEmulacao();

  const emular = useCallback(
    async (usuarioId: number) => {
      let emulacao;
      try {
        emulacao = await mutateAsync(usuarioId);
      } catch {
        return; // reported by the mutation cache
      }
      // Nothing fetched as the administrator may show as the emulated user.
      queryClient.removeQueries();
      iniciarEmulacao(emulacao);
      await navigate(landingPath(emulacao));
    },
    [mutateAsync, navigate, queryClient],
  );

  return { emular, isPending };
}
