import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ListPaging } from '@/lib/use-list-params';
import { visuallyHidden } from '../Spinner';
import type { Column } from './column';
import { RowActionsMenu, type RowAction } from './RowActionsMenu';
const SKELETON_ROWS = 3;

interface TableViewProps<T> {
  columns: readonly Column<T>[];
  data: readonly T[];
  isLoading: boolean;
  isError: boolean;
  errorMessage: string;
  emptyMessage: string;
  actionsLabel: string;
  params: ListPaging;
  onSortChange: (orderBy: string) => void;
  getRowId: (row: T) => string | number;
  rowActions?: ((row: T) => RowAction[]) | undefined;
  caption: string;
}

/** DataTable's table, from 600 px wide. */
export function TableView<T>({
  columns,
  data,
  isLoading,
  isError,
  errorMessage,
  emptyMessage,
  params,
  onSortChange,
  getRowId,
  rowActions,
  actionsLabel,
  caption,
}: TableViewProps<T>) {
  const colSpan = columns.length + (rowActions ? 1 : 0);

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
  );
}
