import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { MSG } from '@rastro/shared/messages';
import type { Notificacao } from '@rastro/shared/schemas/notificacoes';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { HaQuanto } from '@/components/data-table/HaQuanto';
import { visuallyHidden } from '@/components/Spinner';
import { formatarDataHora } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { useNotificacoes } from '../api/get-notificacoes';
import { useMarcarLidas } from '../api/marcar-lidas';

/** Unread rows stand out in bold; screen readers hear it instead. */
const destaque = (n: Notificacao, texto: string) =>
  n.lida ? (
    texto
  ) : (
    <Box component="span" sx={{ fontWeight: 700 }}>
      {texto}
    </Box>
  );

const colunas: Column<Notificacao>[] = [
  {
    id: 'dataCadastro',
    label: 'Data',
    sortable: true,
    render: (n) => destaque(n, formatarDataHora(n.dataCadastro)),
    renderCard: (n) => <HaQuanto iso={n.dataCadastro} />,
  },
  {
    id: 'descricao',
    label: 'Descrição',
    // On a phone the message heads its card, and the time reads 'há 3 min'.
    cardTitle: true,
    render: (n) => (
      <>
        {destaque(n, n.descricao)}
        {!n.lida && (
          <Box component="span" sx={visuallyHidden}>
            {' '}
            (não lida)
          </Box>
        )}
      </>
    ),
  },
];

/**
 * /user/notificacoes: the user's notifications, newest first (spec §9). Opening the page marks
 * them all read, once the first page is on screen (so the unread ones still show in bold); a
 * notification that arrives while the page is open (the live owner reloads the list) is marked too.
 */
export function NotificacoesList() {
  const list = useListParams<Record<never, string>>({
    defaults: { orderBy: 'dataCadastro', orderDirection: 'desc' },
    filters: [],
    orderable: ['dataCadastro', 'id'],
  });
  const notificacoes = useNotificacoes(list.params);
  const { mutate: marcarLidas } = useMarcarLidas();
  const marcadaEm = useRef(0);

  const { isSuccess, isPlaceholderData, dataUpdatedAt, data } = notificacoes;
  useEffect(() => {
    if (!isSuccess || isPlaceholderData || dataUpdatedAt === marcadaEm.current) return;
    const primeira = marcadaEm.current === 0;
    marcadaEm.current = dataUpdatedAt;
    if (primeira || data.content.some((n) => !n.lida)) marcarLidas();
  }, [isSuccess, isPlaceholderData, dataUpdatedAt, data, marcarLidas]);

  return (
    <DataTable<Notificacao>
      caption="Notificações"
      columns={colunas}
      page={notificacoes.data}
      isLoading={notificacoes.isFetching}
      isError={notificacoes.isError}
      errorMessage={notificacoes.error?.message}
      emptyMessage={MSG.notificacoesVazio}
      params={list.params}
      onPageChange={list.setPage}
      onSizeChange={list.setSize}
      onSortChange={list.setOrder}
      getRowId={(n) => n.id}
    />
  );
}
