import Alert from '@mui/material/Alert';
import { MSG } from '@rastro/shared/messages';
import { ZonaForm } from '@/features/zonas/components/ZonaForm';
import { useIdParam } from '@/lib/use-id-param';

/** Lazy, with the map and its drawing tools (Leaflet-Geoman). */
export function Component() {
  const id = useIdParam();
  if (id === null) return <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>;
  // A new form per zone: nothing drawn for one survives on another.
  return <ZonaForm key={id} id={id} />;
}
