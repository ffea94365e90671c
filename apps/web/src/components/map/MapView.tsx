import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import L from 'leaflet';
import { useCallback, useState, type ReactNode } from 'react';
import { MAPA_ALTURA_VH, MAPA_ZOOM } from '@rastro/shared/constants';
import { canvasDisponivel } from './renderer';
import { MapContext } from './map-context';

/** Until the first markers arrive: São Paulo. */
const CENTRO_INICIAL: L.LatLngTuple = [-23.5505, -46.6333];

/**
 * The screen's one Leaflet map (spec §9: zoom 10, 60% of the viewport). Its layers are the
 * children: components that add themselves to the map and render nothing of their own.
 * `opcoes` are Leaflet's map options over ours (the zone editor opts in to its drawing tools);
 * `preencher` makes it fill its box instead (the phone's full-screen map).
 */
export function MapView({ children, opcoes, preencher = false }: { children?: ReactNode; opcoes?: L.MapOptions; preencher?: boolean }) {
  const [map, setMap] = useState<L.Map | null>(null);
  // Read once, when the map is made (as Leaflet does).
  const [opcoesIniciais] = useState(opcoes);

  const container = useCallback(
    (el: HTMLDivElement | null) => {
      if (!el) return;
      const canvas = canvasDisponivel();
      const m = L.map(el, {
        center: CENTRO_INICIAL,
        zoom: MAPA_ZOOM,
        preferCanvas: canvas,
        renderer: canvas ? L.canvas({ padding: 0.5 }) : L.svg(),
        zoomControl: false,
        ...opcoesIniciais,
      });
      // Leaflet's own controls speak English.
      L.control.zoom({ zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(m);
      m.on('popupopen', (e: L.PopupEvent) => {
        const fechar = e.popup.getElement()?.querySelector('.leaflet-popup-close-button');
        fechar?.setAttribute('aria-label', 'Fechar');
        fechar?.setAttribute('title', 'Fechar');
      });
      setMap(m);
      // The sidebar and the window change the box's size; Leaflet must know to draw the tiles.
      const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => m.invalidateSize());
      observer?.observe(el);
      return () => {
        observer?.disconnect();
        setMap(null);
        m.remove();
      };
    },
    [opcoesIniciais],
  );

  return (
    <>
      <Box
        ref={container}
        role="region"
        aria-label="Mapa"
        sx={
          preencher
            ? { position: 'absolute', inset: 0, zIndex: 0 }
            : { height: `${MAPA_ALTURA_VH}vh`, minHeight: 280, width: '100%', borderRadius: 1, zIndex: 0 }
        }
      />
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
    </>
  );
}
