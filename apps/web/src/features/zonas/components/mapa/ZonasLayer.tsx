import L from 'leaflet';
import { useEffect, useState } from 'react';
import { useMapa } from '@/components/map/map-context';
import { useZonas } from '../../api/get-zonas';
import { zonaLayer } from './zona-layer';
import { ESTILO_ZONA } from './estilo';

interface ZonasLayerProps {
  /** A zone left out (the one being edited, which its editor draws). */
  exceto?: number;
  /** Their names on hover or tap; off where a click must reach the map (the editor draws there). */
  interativas?: boolean;
}

/**
 * The owner's safe zones under the markers: a light fill and the name as a tooltip. There are at
 * most 50 and they change only when the owner edits them, so they are simply redrawn then.
 */
export function ZonasLayer({ exceto, interativas = true }: ZonasLayerProps) {
  const map = useMapa();
  const zonas = useZonas();
  const [grupo] = useState(() => L.layerGroup());

  useEffect(() => {
    grupo.addTo(map);
    return () => {
      grupo.remove();
    };
  }, [map, grupo]);

  useEffect(() => {
    grupo.clearLayers();
    for (const z of zonas.data ?? []) {
      if (z.id === exceto) continue;
      const camada = zonaLayer(z, { ...ESTILO_ZONA, interactive: interativas });
      if (!camada) continue;
      if (interativas) camada.bindTooltip(z.nome, { sticky: true });
      camada.addTo(grupo);
      // Under the accuracy circles of the markers, which share the map's canvas.
      camada.bringToBack();
    }
  }, [zonas.data, grupo, exceto, interativas]);

  return null;
}
