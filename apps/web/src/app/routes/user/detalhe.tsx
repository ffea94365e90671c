import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { RastreadorDetalhe } from '@/features/meus-rastreadores/components/RastreadorDetalhe';
import { AcoesPerdido } from '@/features/perdido/components/AcoesPerdido';
import { SeloModoPerdido } from '@/features/perdido/components/SeloModoPerdido';
import { useIdParam } from '@/lib/use-id-param';

// Lost mode and sharing (features/perdido) sit in the detail's slots.
const selo = (r: MeuRastreador) => <SeloModoPerdido modoPerdido={r.modoPerdido} />;
const acoes = (r: MeuRastreador) => <AcoesPerdido pet={r} />;

export function Component() {
  const id = useIdParam();
  // A new screen per tracker: no table page or tab of one survives on another.
  return <RastreadorDetalhe key={id ?? 'sem-id'} id={id} selo={selo} acoes={acoes} />;
}
