import type { ReactNode } from 'react';

export interface Column<T> {
  /** Also the `orderBy` value sent when the column is sortable. */
  id: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render: (row: T) => ReactNode;
  /** Below 600 px, the card's heading. Without it, the first column shown on cards is. */
  cardTitle?: boolean;
  /** How the value reads on a phone's card (e.g. 'há 3 min'); defaults to `render`. */
  renderCard?: (row: T) => ReactNode;
  /** Shown only in the table (≥ 600 px) or only on the cards (below); both when absent. */
  only?: 'table' | 'cards';
}
