import Chip from '@mui/material/Chip';
import type { ModoPerdido } from '@rastro/shared/schemas/meus-rastreadores';
import { horaDoFim } from './formatar';

/** The red 'Modo perdido até 20:30' chip of a lost pet, for lists and the detail; nothing when off. */
export function SeloModoPerdido({ modoPerdido }: { modoPerdido: ModoPerdido }) {
  if (!modoPerdido?.ativo) return null;
  return (
    <Chip
      component="span"
      color="error"
      size="small"
      label={`Modo perdido até ${horaDoFim(modoPerdido.ate)}`}
      sx={{ fontWeight: 600, verticalAlign: 'middle', maxWidth: '100%' }}
    />
  );
}
