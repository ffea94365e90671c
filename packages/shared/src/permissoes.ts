/** Permission codes (spec §6). */
export const PER = {
  USUARIOS: 'PER2',
  CHIPS: 'PER5',
  RASTREADORES: 'PER100',
  DASHBOARD_TOTAIS: 'PER200',
  DASHBOARD_SITUACAO: 'PER201',
  DASHBOARD_ENERGIA: 'PER202',
  PAGAMENTOS: 'PER300',
} as const;

export type Permissao = (typeof PER)[keyof typeof PER];

export const TODAS_PERMISSOES: readonly Permissao[] = Object.values(PER);

/** A route or widget with no permission list is open to any logged user; otherwise one permission must match. */
export function temPermissao(authorities: readonly string[], permissoes?: readonly Permissao[]): boolean {
  if (!permissoes || permissoes.length === 0) return true;
  return permissoes.some((p) => authorities.includes(p));
}
