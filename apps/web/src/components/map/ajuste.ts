import L from 'leaflet';
import { useEffect, useRef } from 'react';

/** Closest zoom when fitting a few nearby points (a single tracker would otherwise go to 19). */
const ZOOM_MAXIMO_AJUSTE = 16;
const MARGEM_PX = 32;

/**
 * Fits the map to `pontos` once per `ajuste` (each search), not when live updates move them.
 * `folgaInferior` gives the height in pixels of what covers the map's bottom then (the phone's sheet).
 */
export function useAjustarMapa(map: L.Map, pontos: readonly L.LatLngTuple[], ajuste: number, folgaInferior?: () => number) {
  const ultimo = useRef<number | null>(null);
  useEffect(() => {
    if (pontos.length === 0 || ultimo.current === ajuste) return;
    ultimo.current = ajuste;
    const limites = L.latLngBounds([...pontos]);
    const { x, y } = map.getSize();
    const folga = folgaInferior?.() ?? 0;
    // A map with no room yet (hidden, not laid out) would get a NaN zoom: just centre it.
    if (x <= 2 * MARGEM_PX || y <= 2 * MARGEM_PX + folga) map.setView(limites.getCenter(), map.getZoom(), { animate: false });
    else
      map.fitBounds(limites, {
        paddingTopLeft: [MARGEM_PX, MARGEM_PX],
        paddingBottomRight: [MARGEM_PX, MARGEM_PX + folga],
        maxZoom: ZOOM_MAXIMO_AJUSTE,
      });
  }, [map, pontos, ajuste, folgaInferior]);
}
