import { notificacaoModoPerdidoFim } from '@rastro/shared/messages';
import { useConfirm } from '@/components/ConfirmDialog';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useAlterarModoPerdido } from '../api/alterar-modo-perdido';
import type { PetAlvo } from '../components/ModoPerdidoDialog';
import { mensagemDeErro } from '@/lib/api-error';

/** Turns lost mode off after the owner confirms; the battery mode and interval of before come back. */
export function useDesativarModoPerdido() {
  const confirm = useConfirm();
  const alterar = useAlterarModoPerdido();
  const desativar = async (pet: PetAlvo) => {
    const ok = await confirm({
      title: 'Desativar modo perdido',
      message: `Desativar o modo perdido de ${pet.descricao}? O rastreador volta ao modo de bateria e ao intervalo de antes.`,
      confirmText: 'Desativar',
      cancelText: 'Cancelar',
    });
    if (!ok) return;
    try {
      await alterar.mutateAsync({ id: pet.id, ativo: false });
      mostrarSucesso(notificacaoModoPerdidoFim(pet.descricao));
    } catch (e) {
      const m = mensagemDeErro(e, 'Erro ao desativar o modo perdido, tente novamente.');
      if (m) mostrarErro(m);
    }
  };
  return { desativar, isPending: alterar.isPending };
}
