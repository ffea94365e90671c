import PeopleIcon from '@mui/icons-material/People';
import Chip from '@mui/material/Chip';
import { compartilhadoPor } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';

/** 'Compartilhado por ANA' on a tracker the user co-guards; nothing on the user's own. */
export function SeloDeGuardiao({ rastreador }: { rastreador: Pick<MeuRastreador, 'compartilhadoPor'> }) {
  if (rastreador.compartilhadoPor === null) return null;
  return (
    <Chip
      component="span"
      size="small"
      variant="outlined"
      color="info"
      icon={<PeopleIcon aria-hidden />}
      label={compartilhadoPor(rastreador.compartilhadoPor)}
      sx={{ fontWeight: 600, verticalAlign: 'middle', maxWidth: '100%' }}
    />
  );
}
