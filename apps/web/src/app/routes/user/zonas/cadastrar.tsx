import { ZonaForm } from '@/features/zonas/components/ZonaForm';

/** Lazy, with the map and its drawing tools (Leaflet-Geoman): the login and the entry never load them. */
export function Component() {
  return <ZonaForm />;
}
