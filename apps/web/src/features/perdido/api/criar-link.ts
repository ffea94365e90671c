import { useMutation, useQueryClient } from '@tanstack/react-query';
import { linkCriadoSchema } from '@rastro/shared/schemas/links';
import { apiRequest } from '@/lib/api-client';
import { perdidoKeys } from './keys';

export interface CriarLinkInput {
  /** The owner's link (MeuRastreador.id). */
  id: number;
  horas: number;
  mensagem?: string;
  /** Whether the link's page shows the creator's mobile phone. */
  compartilharTelefone?: boolean;
}

/** POST /api/usuarios/rastreadores/{id}/links: 201 with the URL, the only time it is ever shown (409 past 20 active). */
export const criarLink = ({ id, ...body }: CriarLinkInput) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/links`, linkCriadoSchema, {
    method: 'POST',
    json: body,
  });

export const useCriarLink = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarLink,
    onSuccess: (_link, { id }) => queryClient.invalidateQueries({ queryKey: perdidoKeys.linksDe(id) }),
  });
};
