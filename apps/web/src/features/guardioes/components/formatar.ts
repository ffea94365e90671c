import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import { dayjs } from '@/lib/dayjs';
import { FUSO_HORARIO } from '@/lib/format';
import { isApiError } from '@/lib/api-error';

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

/**
 * What to tell the owner when a call failed: the server's own pt-BR message for a 4xx (limit,
 * duplicate, own e-mail), else `padrao`; null when the client already told them (expired session).
 */
export function mensagemDeErro(e: unknown, padrao: string): string | null {
  if (!isApiError(e)) return padrao;
  if (e.handled) return null;
  return e.hasServerMessage && e.status >= 400 && e.status < 500 ? e.message : padrao;
}
