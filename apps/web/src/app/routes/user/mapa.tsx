import { MapaGps } from '@/features/mapa/components/MapaGps';
import { ZonasLayer } from '@/features/zonas/components/map/ZonasLayer';

/** /user/mapa ('Mapa GPS'): lazy, so Leaflet loads only here. The owner's safe zones lie under the markers. */
export function Component() {
  return <MapaGps camadasAtuais={<ZonasLayer />} />;
}
