import { useState, type ReactNode } from 'react';
import type { RowAction } from '@/components/data-table/RowActionsMenu';
import type { ModoPerdido } from '@rastro/shared/schemas/meus-rastreadores';
import { CompartilharDialog } from '../components/CompartilharDialog';
import { ModoPerdidoDialog, type PetAlvo } from '../components/ModoPerdidoDialog';
import { useDesativarModoPerdido } from './use-desativar-modo-perdido';

type Pet = PetAlvo & { modoPerdido: ModoPerdido };

/**
 * A list's row-menu entries for lost mode and sharing ('Ativar/Desativar modo perdido',
 * 'Compartilhar') and the dialogs they open, to render once beside the list.
 */
export function useAcoesPerdido(): { acoes: (pet: Pet) => RowAction[]; dialogos: ReactNode } {
  // The last pet stays after closing, so the dialog keeps its text during the closing transition.
  const [aberto, setAberto] = useState<{ tipo: 'perdido' | 'compartilhar'; pet: PetAlvo; open: boolean } | null>(null);
  const desativar = useDesativarModoPerdido();

  const acoes = (pet: Pet): RowAction[] => {
    const alvo: PetAlvo = { id: pet.id, descricao: pet.descricao };
    return [
      pet.modoPerdido?.ativo
        ? { label: 'Desativar modo perdido', onClick: () => void desativar.desativar(alvo), disabled: desativar.isPending }
        : { label: 'Ativar modo perdido', onClick: () => setAberto({ tipo: 'perdido', pet: alvo, open: true }) },
      { label: 'Compartilhar', onClick: () => setAberto({ tipo: 'compartilhar', pet: alvo, open: true }) },
    ];
  };

  const fechar = () => setAberto((a) => a && { ...a, open: false });
  const dialogos = aberto && (
    <>
      <ModoPerdidoDialog pet={aberto.pet} open={aberto.open && aberto.tipo === 'perdido'} onClose={fechar} />
      <CompartilharDialog pet={aberto.pet} open={aberto.open && aberto.tipo === 'compartilhar'} onClose={fechar} />
    </>
  );
  return { acoes, dialogos };
}
