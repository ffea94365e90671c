import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { FIRST_PAGE, MAX_PAGE_SIZE, PAGE_SIZE } from '@rastro/shared/constants';

/**
 * List state (filters, page, size, order) kept in the address, so Back and reload keep it
 * (react-admin's habit). The default order and the first page are left out of the address.
 */

export type OrderDirection = 'asc' | 'desc';

export interface ListPaging {
  page: number;
  size: number;
  orderBy: string;
  orderDirection: OrderDirection;
}

export interface UseListParamsOptions<F extends Record<string, string>> {
  defaults: { orderBy: string; orderDirection: OrderDirection; size?: number };
  /** The filter names read from and written to the address. */
  filters: readonly (keyof F & string)[];
  /** The list stays empty ('Informe os filtros.') until a search is submitted. */
  requireSearch?: boolean;
  /** When given, an `orderBy` in the address outside this list falls back to the default. */
  orderable?: readonly string[];
}

export interface ListParams<F extends Record<string, string>> {
  /** What the list call sends: paging plus the non-empty filters. */
  params: ListPaging & Partial<F>;
  /** A search was submitted (`buscar=1` in the address). */
  searched: boolean;
  /** With `requireSearch`, false until the first search; otherwise always true. */
  ready: boolean;
  /** Applies the filters, back to the first page and the default order (spec §4). */
  search: (filters: Partial<F>) => void;
  /** Drops the filters, page, order and the search marker. */
  clear: () => void;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  /** Sorts by a column: ascending first, then toggles on the same column. */
  setOrder: (orderBy: string) => void;
}

export const SEARCHED_PARAM = 'buscar';
const namesOf = (key: string) => (key ? key.split('|') : []);

function readInt(v: string | null, fallback: number, min: number, max: number): number {
  if (v === null || !/^\d+$/.test(v)) return fallback;
  const n = Number(v);
  return n >= min && n <= max ? n : fallback;
}

export function useListParams<F extends Record<string, string>>(opts: UseListParamsOptions<F>): ListParams<F> {
  const [searchParams, setSearchParams] = useSearchParams();
  const { defaults, requireSearch = false, orderable } = opts;
  const defaultSize = defaults.size ?? PAGE_SIZE;
  // Callers pass array literals; key on their content so the memo holds across renders.
  const filterKey = opts.filters.join('|');
  const orderableKey = orderable?.join('|');

  const params = useMemo(() => {
    const names = namesOf(filterKey);
    const allowed = orderableKey?.split('|');
    const orderByRaw = searchParams.get('orderBy');
    const orderBy = orderByRaw && (!allowed || allowed.includes(orderByRaw)) ? orderByRaw : defaults.orderBy;
    const dir = searchParams.get('orderDirection');
    const paging: ListPaging = {
      page: readInt(searchParams.get('page'), FIRST_PAGE, 0, Number.MAX_SAFE_INTEGER),
      size: readInt(searchParams.get('size'), defaultSize, 1, MAX_PAGE_SIZE),
      orderBy,
      orderDirection: dir === 'asc' || dir === 'desc' ? dir : defaults.orderDirection,
    };
    const filters: Record<string, string> = {};
    for (const name of names) {
      const v = searchParams.get(name);
      if (v) filters[name] = v;
    }
    return { ...filters, ...paging } as ListPaging & Partial<F>;
  }, [searchParams, filterKey, orderableKey, defaults.orderBy, defaults.orderDirection, defaultSize]);

  const searched = searchParams.get(SEARCHED_PARAM) === '1';

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace: boolean) => {
      setSearchParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setSearchParams],
  );

  const search = useCallback(
    (values: Partial<F>) => {
      update((next) => {
        for (const name of namesOf(filterKey)) {
          const v = (values as Record<string, string | undefined>)[name];
          if (typeof v === 'string' && v.trim() !== '') next.set(name, v.trim());
          else next.delete(name);
        }
        next.delete('page');
        next.delete('orderBy');
        next.delete('orderDirection');
        next.set(SEARCHED_PARAM, '1');
      }, false);
    },
    [update, filterKey],
  );

  const clear = useCallback(() => {
    update((next) => {
      for (const name of namesOf(filterKey)) next.delete(name);
      for (const k of ['page', 'orderBy', 'orderDirection', SEARCHED_PARAM]) next.delete(k);
    }, false);
  }, [update, filterKey]);

  const setPage = useCallback(
    (page: number) =>
      update((next) => {
        if (page <= FIRST_PAGE) next.delete('page');
        else next.set('page', String(page));
      }, true),
    [update],
  );

  const setSize = useCallback(
    (size: number) =>
      update((next) => {
        next.delete('page');
        if (size === defaultSize) next.delete('size');
        else next.set('size', String(size));
      }, true),
    [update, defaultSize],
  );

  const setOrder = useCallback(
    (orderBy: string) =>
      update((next) => {
        const direction: OrderDirection = params.orderBy === orderBy && params.orderDirection === 'asc' ? 'desc' : 'asc';
        next.delete('page');
        next.set('orderBy', orderBy);
        next.set('orderDirection', direction);
      }, true),
    [update, params.orderBy, params.orderDirection],
  );

  return { params, searched, ready: !requireSearch || searched, search, clear, setPage, setSize, setOrder };
}
