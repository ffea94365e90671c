import { ZONA } from '@rastro/shared/constants';
import type { Geometria } from '@rastro/shared/geometria';
import type { ZonaForm } from '@rastro/shared/schemas/zonas';

const numero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The shape the form describes, to draw on the map; null while it is incomplete or out of bounds
 * (the form's messages say why). Built as the map builds it (same keys, same order), so the same
 * shape compares equal.
 */
export function geometriaDoForm(v: Pick<ZonaForm, 'tipo' | 'latitude' | 'longitude' | 'raioMetros' | 'pontos'>): Geometria | null {
  if (v.tipo === 'CIRCULO') {
    const { latitude, longitude, raioMetros } = v;
    if (!numero(latitude) || !numero(longitude) || !numero(raioMetros)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    if (raioMetros < ZONA.raioMinMetros || raioMetros > ZONA.raioMaxMetros) return null;
    return { tipo: 'CIRCULO', centro: { latitude, longitude }, raioMetros };
  }
  const pontos = v.pontos ?? [];
  if (pontos.length < ZONA.verticesMin) return null;
  return { tipo: 'POLIGONO', pontos: pontos.map((p) => ({ latitude: p.latitude, longitude: p.longitude })) };
}
