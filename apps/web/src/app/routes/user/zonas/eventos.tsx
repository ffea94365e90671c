import Alert from '@mui/material/Alert';
import { MSG } from '@rastro/shared/messages';
import { EventosZona } from '@/features/zonas/components/EventosZona';
import { useIdParam } from '@/lib/use-id-param';

export function Component() {
  const id = useIdParam();
  if (id === null) return <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>;
  return <EventosZona key={id} id={id} />;
}
