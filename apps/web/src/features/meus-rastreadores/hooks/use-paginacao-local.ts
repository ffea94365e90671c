import { useCallback, useState } from 'react';
import { FIRST_PAGE, PAGE_SIZE } from '@rastro/shared/constants';
import type { ListPaging, OrderDirection } from '@/lib/use-list-params';

export interface PaginacaoLocal {
  params: ListPaging;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  /** Sorts by a column: ascending first, then toggles on the same column. */
  setOrder: (orderBy: string) => void;
}

/**
 * Paging of a table inside a screen (the detail's five tables): the same shape as the lists'
 * address state (useListParams), held in component state because one address cannot carry five.
 */
export function usePaginacaoLocal(orderBy: string, orderDirection: OrderDirection): PaginacaoLocal {
  const [params, setParams] = useState<ListPaging>({ page: FIRST_PAGE, size: PAGE_SIZE, orderBy, orderDirection });
  const setPage = useCallback((page: number) => setParams((p) => ({ ...p, page })), []);
  const setSize = useCallback((size: number) => setParams((p) => ({ ...p, page: FIRST_PAGE, size })), []);
  const setOrder = useCallback(
    (column: string) =>
      setParams((p) => ({
        ...p,
        page: FIRST_PAGE,
        orderBy: column,
        orderDirection: p.orderBy === column && p.orderDirection === 'asc' ? 'desc' : 'asc',
      })),
    [],
  );
  return { params, setPage, setSize, setOrder };
}
