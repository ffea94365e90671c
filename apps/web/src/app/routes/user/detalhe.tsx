import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { GuardioesDoPet } from '@/features/guardioes/components/GuardioesDoPet';
import { AtividadeAba } from '@/features/atividade/components/AtividadeAba';
import { RastreadorDetalhe } from '@/features/meus-rastreadores/components/RastreadorDetalhe';
import { AcoesPerdido } from '@/features/perdido/components/AcoesPerdido';
import { SeloModoPerdido } from '@/features/perdido/components/SeloModoPerdido';
import { useIdParam } from '@/lib/use-id-param';

// Lost mode and sharing (features/perdido) sit in the detail's slots.
const selo = (r: MeuRastreador) => <SeloModoPerdido modoPerdido={r.modoPerdido} />;
const acoes = (r: MeuRastreador) => <AcoesPerdido pet={r} />;
// The pet's activity (features/atividade) is a tab after the history tables.
const abas = (r: MeuRastreador) => [
  { valor: 'ATIVIDADE', rotulo: 'Atividade', conteudo: <AtividadeAba id={r.id} compartilhadoPor={r.compartilhadoPor} /> },
];
// Co-guardians (features/guardioes): the owner's family, or who shares the pet with a guardian.
const guardioes = (r: MeuRastreador) => <GuardioesDoPet pet={r} />;

export function Component() {
  const id = useIdParam();
  // A new screen per tracker: no table page or tab of one survives on another.
  return <RastreadorDetalhe key={id ?? 'sem-id'} id={id} selo={selo} acoes={acoes} guardioes={guardioes} abas={abas} />;
}
