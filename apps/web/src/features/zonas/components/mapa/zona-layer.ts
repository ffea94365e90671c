import L from 'leaflet';
import type { Zona } from '@rastro/shared/schemas/zonas';

/** A zone's shape as a Leaflet layer: a circle (centre, radius in metres) or a polygon. */
export function zonaLayer(z: Pick<Zona, 'tipo' | 'latitude' | 'longitude' | 'raioMetros' | 'pontos'>, opcoes: L.PathOptions) {
  if (z.tipo === 'CIRCULO') {
    if (z.latitude === null || z.longitude === null || z.raioMetros === null) return null;
    return L.circle([z.latitude, z.longitude], { ...opcoes, radius: z.raioMetros });
  }
  if (z.pontos.length < 3) return null;
  return L.polygon(
    z.pontos.map((p): L.LatLngTuple => [p.latitude, p.longitude]),
    opcoes,
  );
}
