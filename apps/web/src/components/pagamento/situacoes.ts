import type { ChipProps } from '@mui/material/Chip';
import type { SituacaoAssinatura, SituacaoCobranca } from '@rastro/shared/schemas/pagamentos';

/** How a charge's and a subscription's situations read on the owner's and the administrator's screens. */
export const SITUACAO_COBRANCA: Record<SituacaoCobranca, { rotulo: string; cor: ChipProps['color'] }> = {
  PENDENTE: { rotulo: 'A pagar', cor: 'warning' },
  PAGO: { rotulo: 'Pago', cor: 'success' },
  VENCIDO: { rotulo: 'Vencido', cor: 'error' },
  CANCELADO: { rotulo: 'Cancelado', cor: 'default' },
  DEVOLVIDO: { rotulo: 'Devolvido', cor: 'default' },
};

export const SITUACAO_ASSINATURA: Record<SituacaoAssinatura, { rotulo: string; cor: ChipProps['color'] }> = {
  ATIVA: { rotulo: 'Ativa', cor: 'success' },
  SUSPENSA: { rotulo: 'Vencida', cor: 'error' },
  CANCELADA: { rotulo: 'Cancelada', cor: 'default' },
};
