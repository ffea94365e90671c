import ShareIcon from '@mui/icons-material/Share';
import SosIcon from '@mui/icons-material/Sos';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { ModoPerdido } from '@rastro/shared/schemas/meus-rastreadores';
import { useDesativarModoPerdido } from '../hooks/use-desativar-modo-perdido';
import { CompartilharDialog } from './CompartilharDialog';
import { ModoPerdidoDialog, type PetAlvo } from './ModoPerdidoDialog';

interface AcoesPerdidoProps {
  pet: PetAlvo & { modoPerdido: ModoPerdido };
  /** Small buttons side by side (a pet's card and info window on the map). */
  compacto?: boolean;
}

/** The lost-mode and share buttons, with their dialogs (the detail, and a pet on the map). */
export function AcoesPerdido({ pet, compacto = false }: AcoesPerdidoProps) {
  const [aberto, setAberto] = useState<'perdido' | 'compartilhar' | null>(null);
  const desativar = useDesativarModoPerdido();
  const perdido = pet.modoPerdido?.ativo === true;
  const alvo: PetAlvo = { id: pet.id, descricao: pet.descricao };

  return (
    <>
      <Stack direction={compacto ? 'row' : { xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {perdido ? (
          <Button
            variant="outlined"
            color="error"
            startIcon={<SosIcon />}
            loading={desativar.isPending}
            onClick={() => void desativar.desativar(alvo)}
            size={compacto ? 'small' : 'medium'}
            sx={{ minHeight: compacto ? 36 : 44 }}
          >
            Desativar modo perdido
          </Button>
        ) : (
          <Button
            variant="contained"
            color="error"
            startIcon={<SosIcon />}
            onClick={() => setAberto('perdido')}
            size={compacto ? 'small' : 'medium'}
            sx={{ minHeight: compacto ? 36 : 44 }}
          >
            Ativar modo perdido
          </Button>
        )}
        <Button
          variant="outlined"
          startIcon={<ShareIcon />}
          onClick={() => setAberto('compartilhar')}
          size={compacto ? 'small' : 'medium'}
          sx={{ minHeight: compacto ? 36 : 44 }}
        >
          Compartilhar
        </Button>
      </Stack>
      <ModoPerdidoDialog pet={alvo} open={aberto === 'perdido'} onClose={() => setAberto(null)} />
      <CompartilharDialog pet={alvo} open={aberto === 'compartilhar'} onClose={() => setAberto(null)} />
    </>
  );
}
