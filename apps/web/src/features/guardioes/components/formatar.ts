import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import { dayjs } from '@/lib/dayjs';
import { FUSO_HORARIO } from '@/lib/format';

/** '02/12' in São Paulo; '' when empty or invalid. */
const diaMes = (iso: string | null) => {
  if (!iso) return '';
  const d = dayjs(iso);
  return d.isValid() ? d.tz(FUSO_HORARIO).format('DD/MM') : '';
};

/** 'Pendente até 02/12' for an invite, 'Desde 25/11' for a guardian. */
export const situacaoGuardiao = (g: Guardiao) =>
  g.situacao === 'PENDENTE' ? `Pendente até ${diaMes(g.expiraEm)}` : `Desde ${diaMes(g.dataCadastro)}`;

/** Who a row is: the guardian's name once accepted, else the invited e-mail. */
export const nomeGuardiao = (g: Guardiao) => g.nome ?? g.email;
