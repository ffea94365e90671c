import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { MeusRastreadoresList } from '@/features/meus-rastreadores/components/MeusRastreadoresList';
import { SeloModoPerdido } from '@/features/perdido/components/SeloModoPerdido';
import { useAcoesPerdido } from '@/features/perdido/hooks/use-acoes-perdido';

// The lost-mode chip after a lost pet's name (features/perdido).
const selo = (r: MeuRastreador) => (r.modoPerdido?.ativo ? <SeloModoPerdido modoPerdido={r.modoPerdido} /> : null);

export function Component() {
  // Lost mode and sharing (features/perdido) join each row's menu; their dialogs live here.
  const perdido = useAcoesPerdido();
  return (
    <>
      <MeusRastreadoresList acoesExtras={perdido.acoes} selo={selo} />
      {perdido.dialogos}
    </>
  );
}
