import L from 'leaflet';
import { useEffect, useState } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useMapa } from '@/components/map/map-context';
import { pino } from '@/components/map/pino';

const ICONE = pino('#1976d2');

/**
 * Where each pet is now, named, to draw its zone around it. Not interactive: a click or tap over a
 * pet reaches the map and places the point being drawn there.
 */
export function PetsLayer({ pets }: { pets: readonly Marcador[] }) {
  const map = useMapa();
  const [grupo] = useState(() => L.layerGroup());

  useEffect(() => {
    grupo.addTo(map);
    return () => {
      grupo.remove();
    };
  }, [map, grupo]);

  useEffect(() => {
    grupo.clearLayers();
    for (const p of pets) {
      L.marker([p.position.lat, p.position.lng], { icon: ICONE, title: p.name, interactive: false, keyboard: false })
        .bindTooltip(p.name, { permanent: true, direction: 'right', offset: [10, 0], interactive: false })
        .addTo(grupo);
    }
  }, [pets, grupo]);

  return null;
}
