import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';

export interface EnviarFotoInput {
  /** The owner's link (MeuRastreador.id). */
  id: number;
  /** JPEG, PNG or WebP, at most 5 MB (preparar-foto.ts makes it so). */
  foto: Blob;
}

/** PUT /api/usuarios/rastreadores/{id}/foto: 204; the server keeps a re-encoded copy (400 unreadable, 413 too large, 415 another type). */
export const enviarFoto = ({ id, foto }: EnviarFotoInput) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/foto`, z.null(), { method: 'PUT', blob: foto });

/** After a new photo (or none), every screen that shows the pet reads its new URL: the lists, the detail, the map's markers. */
export const invalidarFoto = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: aoVivoKeys.meusRastreadores }),
    queryClient.invalidateQueries({ queryKey: aoVivoKeys.marcadores }),
  ]);

export const useEnviarFoto = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enviarFoto, onSuccess: () => invalidarFoto(queryClient) });
};
