import { useCallback, useMemo } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { MAX_PAGE_SIZE } from '@rastro/shared/constants';
import { MapaGps } from '@/features/mapa/components/MapaGps';
import { useMeusRastreadores } from '@/features/meus-rastreadores/api/get-meus-rastreadores';
import { SeloCompartilhado } from '@/features/meus-rastreadores/components/SeloCompartilhado';
import { AcoesPerdido } from '@/features/perdido/components/AcoesPerdido';
import { useZonas } from '@/features/zonas/api/get-zonas';
import { ZonasLayer } from '@/features/zonas/components/map/ZonasLayer';

const NENHUMA: readonly string[] = [];

/** The user's trackers (at most a page of 100): which are shared with them (co-guardians, issue #20). */
const TODOS = { page: 0, size: MAX_PAGE_SIZE, orderBy: 'id', orderDirection: 'asc' } as const;

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
  // A co-guardian may not turn the tracker off: its info window has no 'Desligar' (the API would answer 403).
  const rastreadores = useMeusRastreadores(TODOS);
  const compartilhados = useMemo(
    () =>
      new Map(
        (rastreadores.data?.content ?? []).flatMap((r) =>
          r.compartilhadoPor === null ? [] : [[r.rastreadorId, r.compartilhadoPor] as const],
        ),
      ),
    [rastreadores.data],
  );
  const podeDesligar = useCallback((m: Marcador) => !compartilhados.has(m.rastreadorId), [compartilhados]);
  // On each pet's card and info window: 'Compartilhado por ANA', then lost-pet mode and the share link (features/perdido).
  const acoesDoPet = useCallback(
    (m: Marcador) => {
      const dono = compartilhados.get(m.rastreadorId);
      return (
        <>
          {dono !== undefined && <SeloCompartilhado rastreador={{ compartilhadoPor: dono }} />}
          <AcoesPerdido compacto pet={{ id: m.usuarioRastreadorId, descricao: m.name, modoPerdido: m.modoPerdido }} />
        </>
      );
    },
    [compartilhados],
  );
  return <MapaGps camadasAtuais={<ZonasLayer />} zonasDoPet={zonasDoPet} acoesDoPet={acoesDoPet} podeDesligar={podeDesligar} />;
}
