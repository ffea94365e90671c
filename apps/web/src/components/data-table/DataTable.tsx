import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import TablePagination from '@mui/material/TablePagination';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@rastro/shared/constants';
import { LINHAS_POR_PAGINA, MSG, faixaPaginacao } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { ListPaging } from '@/lib/use-list-params';
import { visuallyHidden } from '../Spinner';
import type { Column } from './column';
import { DataCards, type CardHeading } from './DataCards';
import type { RowAction } from './RowActionsMenu';
import { useCelular } from '@/lib/use-celular';
import { TableView } from './TableView';

export type { Column } from './column';
export type { RowAction } from './RowActionsMenu';

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  /** The rows to show; defaults to `page.content`. */
  rows?: readonly T[];
  /** The server's Page (counts for the paginator). Without it there is no paginator. */
  page?: Page<T> | undefined;
  isLoading?: boolean;
  isError?: boolean;
  /** Shown in the table when the call failed. Default 'Serviço indisponível no momento.' */
  errorMessage?: string;
  /** Shown when there are no rows ('Nenhum resultado foi encontrado.', 'Informe os filtros.'). */
  emptyMessage: string;
  params: ListPaging;
  onPageChange: (page: number) => void;
  onSizeChange: (size: number) => void;
  onSortChange: (orderBy: string) => void;
  getRowId: (row: T) => string | number;
  /** The row menu's entries; with it the table gets an actions column. */
  rowActions?: (row: T) => RowAction[];
  /** The actions column's header. Default 'Ações'. */
  actionsLabel?: string;
  /** The table's (or the card list's) accessible name. */
  caption: string;
  /** The element of each card's heading, below the screen's own headings. Default 'h3'. */
  cardHeading?: CardHeading;
}

/**
 * The paginated, sortable list of every list screen: a table from 600 px wide, a list of cards below
 * (with an 'Ordenar por' select for the header's sorting). Headless state lives in useListParams.
 */
export function DataTable<T>({
  columns,
  rows,
  page,
  isLoading = false,
  isError = false,
  errorMessage = MSG.servicoIndisponivel,
  emptyMessage,
  params,
  onPageChange,
  onSizeChange,
  onSortChange,
  getRowId,
  rowActions,
  actionsLabel = 'Ações',
  caption,
  cardHeading = 'h3',
}: DataTableProps<T>) {
  // Asked as min-width so that exactly 600 px is the table (and the tests' matchMedia stub can answer it).
  // On a phone (below 600 px) the rows are a list of cards instead of a table.
  const cards = useCelular();
  const data = isError ? [] : (rows ?? page?.content ?? []);
  const total = page?.totalElements ?? 0;
  // MUI warns when the page is beyond the count (e.g. the last row of the last page went away).
  const lastPage = Math.max(0, Math.ceil(total / params.size) - 1);

  let view: ReactNode;
  if (cards) {
    const cardColumns = columns.filter((c) => c.only !== 'table');
    const message = isError
      ? { text: errorMessage, alert: true }
      : !isLoading && data.length === 0
        ? { text: emptyMessage, alert: false }
        : null;
    view = (
      <DataCards<T>
        columns={cardColumns}
        rows={data}
        isLoading={isLoading}
        message={message}
        params={params}
        onSortChange={onSortChange}
        getRowId={getRowId}
        rowActions={rowActions}
        caption={caption}
        heading={cardHeading}
      />
    );
  } else {
    view = (
      <TableView<T>
        columns={columns.filter((c) => c.only !== 'cards')}
        data={data}
        isLoading={isLoading}
        isError={isError}
        errorMessage={errorMessage}
        emptyMessage={emptyMessage}
        params={params}
        onSortChange={onSortChange}
        getRowId={getRowId}
        rowActions={rowActions}
        actionsLabel={actionsLabel}
        caption={caption}
      />
    );
  }

  const content = (
    <>
      <Box sx={{ height: 4 }}>{isLoading && data.length > 0 && <LinearProgress aria-hidden="true" />}</Box>
      {view}
      {isLoading && (
        <Box component="span" role="status" sx={visuallyHidden}>
          Carregando...
        </Box>
      )}
      {page && !isError && (
        <TablePagination
          component="div"
          count={total}
          page={Math.min(params.page, lastPage)}
          rowsPerPage={params.size}
          rowsPerPageOptions={PAGE_SIZE_OPTIONS}
          labelRowsPerPage={LINHAS_POR_PAGINA}
          labelDisplayedRows={({ from, to, count }) => faixaPaginacao(from, to, count)}
          onPageChange={(_e, n) => onPageChange(n)}
          onRowsPerPageChange={(e) => onSizeChange(Number(e.target.value))}
          // On a phone the paginator's parts wrap instead of overflowing the screen.
          sx={cards ? { '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: 0 } } : undefined}
        />
      )}
    </>
  );
  // A card list needs no frame: each card has its own border.
  return cards ? <Box>{content}</Box> : <Paper variant="outlined">{content}</Paper>;
}
