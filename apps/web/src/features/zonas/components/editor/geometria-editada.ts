import L from 'leaflet';
import type { Geometria, Ponto } from '@rastro/shared/geometria';

/** Coordinates keep 6 decimals (about 0.1 m) and the radius whole metres: what the form and the API carry. */
const arredondar = (v: number, casas: number) => Math.round(v * 10 ** casas) / 10 ** casas;
const ponto = (ll: L.LatLng): Ponto => ({ latitude: arredondar(ll.lat, 6), longitude: arredondar(ll.lng, 6) });

/** The geometry of a circle or polygon layer drawn or edited on the map. */
export function geometriaDaCamada(camada: L.Layer): Geometria | null {
  if (camada instanceof L.Circle) {
    return { tipo: 'CIRCULO', centro: ponto(camada.getLatLng()), raioMetros: Math.round(camada.getRadius()) };
  }
  if (camada instanceof L.Polygon) {
    const aneis = camada.getLatLngs();
    const anel = Array.isArray(aneis[0]) ? aneis[0] : aneis;
    return { tipo: 'POLIGONO', pontos: (anel as L.LatLng[]).map(ponto) };
  }
  return null;
}

/** A layer that geoman edits (`pmIgnore: false`). */
export function camadaEditavel(g: Geometria, estilo: L.PathOptions): L.Circle | L.Polygon {
  if (g.tipo === 'CIRCULO') return L.circle([g.centro.latitude, g.centro.longitude], { ...estilo, radius: g.raioMetros, pmIgnore: false });
  return L.polygon(
    g.pontos.map((p): L.LatLngTuple => [p.latitude, p.longitude]),
    { ...estilo, pmIgnore: false },
  );
}

/** Equal geometries have equal keys. */
export const chaveDaGeometria = (g: Geometria | null) => JSON.stringify(g);
