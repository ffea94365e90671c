import type { PeriodoPlano, SituacaoCobranca } from '@rastro/shared/schemas/pagamentos';

/** 'por mês', 'por ano'. */
export const POR_PERIODO: Record<PeriodoPlano, string> = { MENSAL: 'por mês', ANUAL: 'por ano' };

/** A charge the owner can still pay. */
export const emAberto = (situacao: SituacaoCobranca) => situacao === 'PENDENTE' || situacao === 'VENCIDO';
