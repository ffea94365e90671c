import L from 'leaflet';
import { useEffect, useState } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useMapa } from '@/components/map/map-context';
import { pinoPet } from '@/components/map/pino';
import { corDoPet, inicialDoPet } from '@/components/pet/cor';

/**
 * Where each pet is now, drawn as on the map (photo or initial on its colour, name below), to draw
 * its zone around it. Not interactive: a click or tap over a pet reaches the map and places the
 * point being drawn there.
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
      const icon = pinoPet({ nome: p.name, cor: corDoPet(p.rastreadorId), inicial: inicialDoPet(p.name), foto: p.foto, estado: 'normal' });
      L.marker([p.position.lat, p.position.lng], { icon, title: p.name, interactive: false, keyboard: false }).addTo(grupo);
    }
  }, [pets, grupo]);

  return null;
}
