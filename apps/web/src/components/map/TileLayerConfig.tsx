import L from 'leaflet';
import { useEffect } from 'react';
import { useAppConfig } from '@/lib/app-config';
import { useMapa } from './map-context';

/** The base map: tile URL and attribution from GET /api/config (MAP_TILE_URL on the server). */
export function TileLayerConfig() {
  const map = useMapa();
  const mapa = useAppConfig().data?.mapa;
  const tileUrl = mapa?.tileUrl;
  const attribution = mapa?.attribution;

  useEffect(() => {
    if (!tileUrl) return;
    const camada = L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);
    return () => {
      camada.remove();
    };
  }, [map, tileUrl, attribution]);

  return null;
}
