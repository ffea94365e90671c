/** Query keys of a pet's activity; the goal's mutation writes through these. */
export const atividadeKeys = {
  all: ['atividade'] as const,
  /** The days of a period of one tracker (the owner's link id). */
  dias: (id: number, dataInicial: string, dataFinal: string) => [...atividadeKeys.all, 'dias', id, dataInicial, dataFinal] as const,
  meta: (id: number) => [...atividadeKeys.all, 'meta', id] as const,
};
