import { useCallback, useMemo } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { MapaGps } from '@/features/mapa/components/MapaGps';
import { AcoesPerdido } from '@/features/perdido/components/AcoesPerdido';
import { useZonas } from '@/features/zonas/api/get-zonas';
import { ZonasLayer } from '@/features/zonas/components/map/ZonasLayer';

const NENHUMA: readonly string[] = [];

/** Lost-pet mode and the share link (features/perdido) on each pet's card and info window. */
const acoesDoPet = (m: Marcador) => (
  <AcoesPerdido compacto pet={{ id: m.usuarioRastreadorId, descricao: m.name, modoPerdido: m.modoPerdido }} />
);

/** /user/mapa ('Mapa GPS'): lazy, so Leaflet loads only here. The owner's safe zones lie under the markers. */
export function Component() {
  const zonas = useZonas();
  // The zones that alert when a pet leaves them, by pet: its card says whether it is inside.
  const porPet = useMemo(() => {
    const m = new Map<number, string[]>();
    for (const z of zonas.data ?? []) {
      if (!z.alertarSaida) continue;
      for (const id of z.rastreadorIds) m.set(id, [...(m.get(id) ?? []), z.nome]);
    }
    return m;
  }, [zonas.data]);
  const zonasDoPet = useCallback((rastreadorId: number) => porPet.get(rastreadorId) ?? NENHUMA, [porPet]);
  return <MapaGps camadasAtuais={<ZonasLayer />} zonasDoPet={zonasDoPet} acoesDoPet={acoesDoPet} />;
}
