import { MapaGps } from '@/features/mapa/components/MapaGps';

/** /user/mapa ('Mapa GPS'): lazy, so Leaflet loads only here. */
export function Component() {
  return <MapaGps />;
}
