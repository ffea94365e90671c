import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useId, type ReactNode } from 'react';
import type { ListPaging } from '@/lib/use-list-params';
import type { Column } from './column';
import { RowActionsMenu, type RowAction } from './RowActionsMenu';

export type CardHeading = 'h2' | 'h3' | 'h4';

interface DataCardsProps<T> {
  /** The columns a card shows (those not marked `only: 'table'`). */
  columns: readonly Column<T>[];
  rows: readonly T[];
  isLoading: boolean;
  /** The message shown instead of the list (the failure or the empty message); null when there are rows to list. */
  message: { text: string; alert: boolean } | null;
  params: ListPaging;
  onSortChange: (orderBy: string) => void;
  getRowId: (row: T) => string | number;
  rowActions?: ((row: T) => RowAction[]) | undefined;
  caption: string;
  heading: CardHeading;
}

const SKELETON_CARDS = 3;

const valueOf = <T,>(c: Column<T>, row: T): ReactNode => (c.renderCard ?? c.render)(row);

/**
 * 'Ordenar por' for a phone: a native select (the phone's own picker) with the sortable columns and
 * a button that reverses the order. Both go through `onSortChange`, whose contract is the table's
 * header click: a new column sorts ascending, the current one toggles.
 */
function SortBar<T>({
  columns,
  params,
  onSortChange,
}: {
  columns: readonly Column<T>[];
  params: ListPaging;
  onSortChange: (orderBy: string) => void;
}) {
  const id = useId();
  const active = columns.some((c) => c.id === params.orderBy);
  const desc = params.orderDirection === 'desc';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5 }}>
      <TextField
        id={id}
        select
        size="small"
        label="Ordenar por"
        value={active ? params.orderBy : ''}
        onChange={(e) => onSortChange(e.target.value)}
        // A native select always shows a value ('Padrão' included): the label stays above it.
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ flexGrow: 1 }}
      >
        {/* The list's default order may be by a field no column shows (e.g. the code). */}
        {!active && (
          <option value="" disabled>
            Padrão
          </option>
        )}
        {columns.map((c) => (
          <option key={c.id} value={c.id}>
            {c.label}
          </option>
        ))}
      </TextField>
      {active && (
        <Button
          variant="outlined"
          onClick={() => onSortChange(params.orderBy)}
          startIcon={desc ? <ArrowDownwardIcon /> : <ArrowUpwardIcon />}
          aria-label={desc ? 'Ordem decrescente, inverter' : 'Ordem crescente, inverter'}
          sx={{ flexShrink: 0 }}
        >
          {desc ? 'Decrescente' : 'Crescente'}
        </Button>
      )}
    </Box>
  );
}

/** One row as a card: the title column as its heading, the row menu beside it, the other columns as label/value pairs. */
function RowCard<T>({
  row,
  title,
  fields,
  rowId,
  actions,
  heading,
}: {
  row: T;
  title: Column<T>;
  fields: readonly Column<T>[];
  rowId: string | number;
  actions: RowAction[] | undefined;
  heading: CardHeading;
}) {
  return (
    <Card variant="outlined">
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: fields.length > 0 ? 1 : 0 }}>
          <Typography
            component={heading}
            variant="subtitle1"
            sx={{ flexGrow: 1, fontWeight: 600, overflowWrap: 'anywhere', lineHeight: 1.4 }}
          >
            {valueOf(title, row)}
          </Typography>
          {actions && (
            <Box sx={{ mt: -0.5, mr: -1 }}>
              <RowActionsMenu rowId={rowId} actions={actions} />
            </Box>
          )}
        </Box>
        {fields.length > 0 && (
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(6rem, auto) 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
            {fields.map((c) => (
              <Fragment key={c.id}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {c.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {valueOf(c, row)}
                </Typography>
              </Fragment>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

function SkeletonCard({ fields }: { fields: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem' }} />
        {Array.from({ length: Math.min(fields, 3) }, (_, i) => (
          <Skeleton key={i} variant="text" />
        ))}
      </CardContent>
    </Card>
  );
}

const listSx = { listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 } as const;

/** The list below 600 px wide: a card per row in a `<ul>` named by the caption (DataTable chooses it). */
export function DataCards<T>({
  columns,
  rows,
  isLoading,
  message,
  params,
  onSortChange,
  getRowId,
  rowActions,
  caption,
  heading,
}: DataCardsProps<T>) {
  const title = columns.find((c) => c.cardTitle) ?? columns[0];
  if (!title) return null;
  const fields = columns.filter((c) => c !== title);
  const sortable = columns.filter((c) => c.sortable);

  if (message) {
    return (
      <Typography
        role={message.alert ? 'alert' : undefined}
        color={message.alert ? 'error' : 'text.secondary'}
        sx={{ py: 3, px: 2, textAlign: 'center' }}
      >
        {message.text}
      </Typography>
    );
  }

  return (
    <>
      {sortable.length > 0 && rows.length > 0 && <SortBar columns={sortable} params={params} onSortChange={onSortChange} />}
      <Box component="ul" aria-label={caption} aria-busy={isLoading} sx={listSx}>
        {rows.length === 0
          ? Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <li key={`skeleton-${i}`}>
                <SkeletonCard fields={fields.length} />
              </li>
            ))
          : rows.map((row) => {
              const id = getRowId(row);
              return (
                <li key={id}>
                  <RowCard row={row} title={title} fields={fields} rowId={id} actions={rowActions?.(row)} heading={heading} />
                </li>
              );
            })}
      </Box>
    </>
  );
}
