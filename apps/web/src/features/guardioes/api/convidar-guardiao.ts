import { useMutation, useQueryClient } from '@tanstack/react-query';
import { guardiaoSchema, type ConviteForm } from '@rastro/shared/schemas/guardioes';
import { apiRequest } from '@/lib/api-client';
import { guardioesKeys } from './keys';

export interface ConvidarGuardiaoInput extends ConviteForm {
  /** The owner's link (MeuRastreador.id). */
  id: number;
}

/**
 * POST /api/usuarios/rastreadores/{id}/guardioes: 201 with the pending invite; the server e-mails the
 * link. 409 past 10 or for someone already invited, 400 for the owner's own e-mail, 403 for a guardian.
 */
export const convidarGuardiao = ({ id, ...body }: ConvidarGuardiaoInput) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/guardioes`, guardiaoSchema, {
    method: 'POST',
    json: body,
  });

export const useConvidarGuardiao = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convidarGuardiao,
    onSuccess: (_g, { id }) => queryClient.invalidateQueries({ queryKey: guardioesKeys.de(id) }),
  });
};
