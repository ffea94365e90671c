import L from 'leaflet';
import { useEffect, useRef } from 'react';

/** Closest zoom when fitting a few nearby points (a single tracker would otherwise go to 19). */
const ZOOM_MAXIMO_AJUSTE = 16;
const MARGEM_PX = 32;
/** Below a point hang a pet's name (pino-pet.css): the bottom margin keeps it on screen. */
const MARGEM_INFERIOR_PX = 48;

/**
 * What covers the map's edges, in pixels, measured when the map fits or centres (it changes: a
 * banner comes, a sheet opens): on a phone the buttons and banners over its top, the sheet over its bottom.
 */
export interface Folgas {
  superior?: () => number;
  inferior?: () => number;
}

/**
 * Fits the map to `pontos` once per `ajuste` (each search), not when live updates move them, in
 * the part of the map `folgas` leaves visible.
 */
export function useAjustarMapa(map: L.Map, pontos: readonly L.LatLngTuple[], ajuste: number, folgas?: Folgas) {
  const ultimo = useRef<number | null>(null);
  useEffect(() => {
    if (pontos.length === 0 || ultimo.current === ajuste) return;
    ultimo.current = ajuste;
    const limites = L.latLngBounds([...pontos]);
    const { x, y } = map.getSize();
    const superior = (folgas?.superior?.() ?? 0) + MARGEM_PX;
    const inferior = (folgas?.inferior?.() ?? 0) + MARGEM_INFERIOR_PX;
    // A map with no room yet (hidden, not laid out) would get a NaN zoom: just centre it.
    if (x <= 2 * MARGEM_PX || y <= superior + inferior) map.setView(limites.getCenter(), map.getZoom(), { animate: false });
    else
      map.fitBounds(limites, {
        paddingTopLeft: [MARGEM_PX, superior],
        paddingBottomRight: [MARGEM_PX, inferior],
        maxZoom: ZOOM_MAXIMO_AJUSTE,
      });
  }, [map, pontos, ajuste, folgas]);
}

/**
 * Shows `ponto` at `zoom`, in the middle of the part of the map `folgas` leaves visible (between a
 * phone's top buttons and its sheet), not under them.
 */
export function centralizarNoVisivel(map: L.Map, ponto: L.LatLngTuple, zoom: number, folgas?: Folgas) {
  map.setView(ponto, zoom, { animate: false });
  const { x, y } = map.getSize();
  const superior = folgas?.superior?.() ?? 0;
  const inferior = folgas?.inferior?.() ?? 0;
  // Too little room left (a tall sheet on a short screen): just below the top's buttons.
  const alvoY = y - superior - inferior > 2 * MARGEM_PX ? superior + (y - superior - inferior) / 2 : superior + MARGEM_PX;
  const agora = map.latLngToContainerPoint(ponto);
  map.panBy([agora.x - x / 2, agora.y - alvoY], { animate: false });
}
