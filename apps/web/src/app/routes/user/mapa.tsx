import { useCallback, useMemo } from 'react';
import { MapaGps } from '@/features/mapa/components/MapaGps';
import { useZonas } from '@/features/zonas/api/get-zonas';
import { ZonasLayer } from '@/features/zonas/components/map/ZonasLayer';

const NENHUMA: readonly string[] = [];

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
  return <MapaGps camadasAtuais={<ZonasLayer />} zonasDoPet={zonasDoPet} />;
}
