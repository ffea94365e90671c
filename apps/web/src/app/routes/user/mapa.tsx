import type { Marcador } from '@rastro/shared/schemas/mapa';
import { MapaGps } from '@/features/mapa/components/MapaGps';
import { SeloDeGuardiao } from '@/features/meus-rastreadores/components/SeloDeGuardiao';
import { AssinaturaVencida } from '@/features/pagamentos/components/AssinaturaVencida';
import { AcoesPerdido } from '@/features/perdido/components/AcoesPerdido';
import { ZonasLayer } from '@/features/zonas/components/mapa/ZonasLayer';

/**
 * On each pet's card and info window: 'Compartilhado por ANA' (co-guardians, issue #20), then
 * lost-pet mode and the share link (features/perdido).
 */
const acoesDoPet = (m: Marcador) => (
  <>
    <SeloDeGuardiao rastreador={m} />
    <AcoesPerdido compacto pet={{ id: m.usuarioRastreadorId, descricao: m.name, modoPerdido: m.modoPerdido }} />
  </>
);

/**
 * /user/mapa ('Mapa GPS'): lazy, so Leaflet loads only here. The owner's safe zones lie under the
 * markers; a suspended subscription says why its pet is missing.
 */
export function Component() {
  return <MapaGps camadasAtuais={<ZonasLayer />} acoesDoPet={acoesDoPet} avisos={<AssinaturaVencida />} />;
}
