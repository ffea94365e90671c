import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PAGE_SIZE_OPTIONS } from '@rastro/shared/constants';
import { LINHAS_POR_PAGINA, MSG, faixaPaginacao } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { ListPaging } from '@/lib/use-list-params';
import { visuallyHidden } from '../Spinner';
import { RowActionsMenu, type RowAction } from './RowActionsMenu';

export type { RowAction } from './RowActionsMenu';

export interface Column<T> {
  /** Also the `orderBy` value sent when the column is sortable. */
  id: string;
  label: string;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  /** The rows to show; defaults to `page.content`. */
  rows?: readonly T[];
  /** The server's Page (counts for the paginator). Without it there is no paginator. */
  page?: Page<T> | undefined;
  isLoading?: boolean;
  isError?: boolean;
  /** Shown in the table when the call failed. Default 'Servico indisponivel no momento.' */
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
  /** The table's accessible name. */
  caption: string;
}

const SKELETON_ROWS = 3;

/** The paginated, sortable list table of every admin list. Headless state lives in useListParams. */
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
}: DataTableProps<T>) {
  const data = isError ? [] : (rows ?? page?.content ?? []);
  const colSpan = columns.length + (rowActions ? 1 : 0);
  const total = page?.totalElements ?? 0;
  // MUI warns when the page is beyond the count (e.g. the last row of the last page went away).
  const lastPage = Math.max(0, Math.ceil(total / params.size) - 1);

  let body: ReactNode;
  if (isError) {
    body = (
      <TableRow>
        <TableCell colSpan={colSpan} align="center">
          <Typography role="alert" color="error" sx={{ py: 2 }}>
            {errorMessage}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else if (isLoading && data.length === 0) {
    body = Array.from({ length: SKELETON_ROWS }, (_, i) => (
      <TableRow key={`skeleton-${i}`}>
        {Array.from({ length: colSpan }, (_c, j) => (
          <TableCell key={j}>
            <Skeleton variant="text" />
          </TableCell>
        ))}
      </TableRow>
    ));
  } else if (data.length === 0) {
    body = (
      <TableRow>
        <TableCell colSpan={colSpan} align="center">
          <Typography color="text.secondary" sx={{ py: 2 }}>
            {emptyMessage}
          </Typography>
        </TableCell>
      </TableRow>
    );
  } else {
    body = data.map((row) => {
      const id = getRowId(row);
      return (
        <TableRow key={id} hover>
          {columns.map((c) => (
            <TableCell key={c.id} align={c.align}>
              {c.render(row)}
            </TableCell>
          ))}
          {rowActions && (
            <TableCell align="center" padding="checkbox">
              <RowActionsMenu rowId={id} actions={rowActions(row)} />
            </TableCell>
          )}
        </TableRow>
      );
    });
  }

  return (
    <Paper variant="outlined">
      <Box sx={{ height: 4 }}>{isLoading && data.length > 0 && <LinearProgress aria-hidden="true" />}</Box>
      <TableContainer>
        <Table size="small" aria-busy={isLoading}>
          <caption style={visuallyHidden}>{caption}</caption>
          <TableHead>
            <TableRow>
              {columns.map((c) => {
                const active = params.orderBy === c.id;
                return (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    sortDirection={c.sortable && active ? params.orderDirection : false}
                    sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                  >
                    {c.sortable ? (
                      <TableSortLabel active={active} direction={active ? params.orderDirection : 'asc'} onClick={() => onSortChange(c.id)}>
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                );
              })}
              {rowActions && (
                <TableCell align="center" sx={{ fontWeight: 600 }}>
                  {actionsLabel}
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>{body}</TableBody>
        </Table>
      </TableContainer>
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
        />
      )}
    </Paper>
  );
}
