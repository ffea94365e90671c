import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meuRastreadorSchema, type ModoPerdidoForm } from '@rastro/shared/schemas/meus-rastreadores';
import { apiRequest } from '@/lib/api-client';
import { aplicarRastreador } from './keys';

export interface AlterarModoPerdidoInput extends ModoPerdidoForm {
  /** The owner's link (MeuRastreador.id). */
  id: number;
}

/** PUT /api/usuarios/rastreadores/{id}/modo-perdido: on for `horas` (1 to 24), or off; the tracker as it is now. */
export const alterarModoPerdido = ({ id, ...body }: AlterarModoPerdidoInput) =>
  apiRequest(`/api/usuarios/rastreadores/${encodeURIComponent(String(id))}/modo-perdido`, meuRastreadorSchema, {
    method: 'PUT',
    json: body,
  });

export const useAlterarModoPerdido = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarModoPerdido,
    onSuccess: (rastreador) => aplicarRastreador(queryClient, rastreador),
  });
};
