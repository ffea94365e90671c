import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MSG } from '@rastro/shared/messages';
import type { EventoZona } from '@rastro/shared/schemas/zonas';
import { ButtonLink } from '@/components/ButtonLink';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { formatarCoordenada, formatarDataHora } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { paths } from '@/paths';
import { useEventosZona } from '../api/get-eventos-zona';
import { useZona } from '../api/get-zona';
import { DESCRICAO_TIPO_EVENTO_ZONA } from '@rastro/shared/dominio';

const colunas: Column<EventoZona>[] = [
  { id: 'descricao', label: 'Pet', render: (e) => e.descricao },
  { id: 'tipo', label: 'Evento', render: (e) => DESCRICAO_TIPO_EVENTO_ZONA[e.tipo] },
  { id: 'dataHora', label: 'Data/Hora', sortable: true, render: (e) => formatarDataHora(e.dataHora) },
  { id: 'latitude', label: 'Latitude', render: (e) => formatarCoordenada(e.latitude) },
  { id: 'longitude', label: 'Longitude', render: (e) => formatarCoordenada(e.longitude) },
];

/** /user/zonas/eventos/:id: a zone's entries and exits, newest first, paged in the address. */
export function EventosZona({ id }: { id: number }) {
  const zona = useZona(id);
  const list = useListParams<Record<never, string>>({
    defaults: { orderBy: 'dataHora', orderDirection: 'desc' },
    filters: [],
    orderable: ['dataHora', 'id'],
  });
  const eventos = useEventosZona(id, list.params);

  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {zona.data ? `Zona ${zona.data.nome}` : 'Zona'}
      </Typography>
      <DataTable<EventoZona>
        caption="Eventos da zona"
        columns={colunas}
        page={eventos.data}
        isLoading={eventos.isFetching}
        isError={eventos.isError}
        errorMessage={eventos.error?.message}
        emptyMessage={MSG.nenhumEventoZona}
        params={list.params}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        onSortChange={list.setOrder}
        getRowId={(e) => e.id}
      />
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
        {zona.data && (
          <ButtonLink to={paths.user.zonas.edit.getHref(id)} variant="outlined">
            Editar zona
          </ButtonLink>
        )}
        <ButtonLink to={paths.user.zonas.list.getHref()} variant="outlined">
          Voltar
        </ButtonLink>
      </Stack>
    </Stack>
  );
}
