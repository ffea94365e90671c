import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  totalizadores: (q: RelatorioQuery) => [...dashboardKeys.all, 'totalizadores', q] as const,
  situacoes: (q: RelatorioQuery) => [...dashboardKeys.all, 'situacoes', q] as const,
  situacoesEnergia: (q: RelatorioQuery) => [...dashboardKeys.all, 'situacoes-energia', q] as const,
  armazenamento: ['dashboard', 'armazenamento'] as const,
  pagamentos: (q: RelatorioQuery) => [...dashboardKeys.all, 'pagamentos', q] as const,
};
