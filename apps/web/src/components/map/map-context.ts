import type { Map as LeafletMap } from 'leaflet';
import { createContext, useContext } from 'react';

export const MapContext = createContext<LeafletMap | null>(null);

/** The one L.Map of the screen; layers are components rendered inside MapView. */
export function useMapa(): LeafletMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useMapa() precisa estar dentro de <MapView>.');
  return map;
}
