import type { Page } from '@rastro/shared/schemas/common';
import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

export interface Paginacao {
  page: number;
  size: number;
  orderBy: string;
  orderDirection: 'asc' | 'desc';
}

/** The spec's Page object from one page of rows and the total. */
export function pagina<T>(content: T[], totalElements: number, p: Pick<Paginacao, 'page' | 'size'>): Page<T> {
  const totalPages = Math.ceil(totalElements / p.size);
  return {
    content,
    number: p.page,
    size: p.size,
    totalElements,
    totalPages,
    first: p.page === 0,
    last: p.page >= totalPages - 1,
    numberOfElements: content.length,
  };
}

/** ORDER BY the chosen column, then by id so pages are stable. */
export function ordenacao(colunas: Record<string, AnyColumn | SQL>, id: AnyColumn, p: Paginacao): SQL[] {
  const col = colunas[p.orderBy] ?? id;
  const dir = p.orderDirection === 'desc' ? desc : asc;
  return col === id ? [dir(id)] : [dir(col), dir(id)];
}

export const iso = (d: Date) => d.toISOString();
export const isoOuNull = (d: Date | null) => (d ? d.toISOString() : null);
