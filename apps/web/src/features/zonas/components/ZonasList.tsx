import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { FIRST_PAGE, ZONA } from '@rastro/shared/constants';
import { MSG, confirmarExcluirZona } from '@rastro/shared/messages';
import type { Zona } from '@rastro/shared/schemas/zonas';
import { useConfirm } from '@/components/ConfirmDialog';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { NewButton } from '@/components/NewButton';
import { isApiError } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import type { ListPaging } from '@/lib/use-list-params';
import { paths } from '@/paths';
import { useExcluirZona } from '../api/excluir-zona';
import { useRastreadoresOpcoes } from '../api/get-rastreadores-opcoes';
import { useZonas } from '../api/get-zonas';
import { formatarAlertas, formatarFormato, formatarRastreadores } from './formatar';

// The whole list in one page, by name, as the server answers it: nothing to page or sort.
const SEM_PAGINACAO: ListPaging = { page: FIRST_PAGE, size: ZONA.porUsuario, orderBy: 'nome', orderDirection: 'asc' };
const nada = () => undefined;

/** /user/zonas ('Zonas seguras'): the owner's zones; each one is edited, viewed (its crossings) or deleted from its row. */
export function ZonasList() {
  const zonas = useZonas();
  const rastreadores = useRastreadoresOpcoes();
  const excluir = useExcluirZona();
  const confirm = useConfirm();
  const navigate = useNavigate();

  const nomes = useMemo(() => new Map((rastreadores.data ?? []).map((r) => [r.rastreadorId, r.descricao])), [rastreadores.data]);
  const colunas: Column<Zona>[] = [
    { id: 'nome', label: 'Nome', render: (z) => z.nome },
    { id: 'formato', label: 'Formato', render: formatarFormato },
    { id: 'rastreadores', label: 'Rastreadores', render: (z) => formatarRastreadores(z.rastreadorIds, nomes) },
    { id: 'alertas', label: 'Alertas', render: formatarAlertas },
  ];

  const onExcluir = async (zona: Zona) => {
    if (!(await confirm({ message: confirmarExcluirZona(zona.nome) }))) return;
    try {
      await excluir.mutateAsync(zona.id);
      mostrarSucesso(MSG.zonaExcluida);
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro(isApiError(e) ? e.message : MSG.servicoIndisponivel);
    }
  };

  const noLimite = (zonas.data?.length ?? 0) >= ZONA.porUsuario;

  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        {noLimite ? (
          <Alert severity="info" sx={{ flexGrow: 1 }}>
            {MSG.limiteZonas}
          </Alert>
        ) : (
          <NewButton to={paths.user.zonas.create.getHref()}>Nova zona</NewButton>
        )}
      </Box>
      <DataTable<Zona>
        caption="Zonas seguras"
        // Nothing on this screen heads the list but the top bar's h1.
        cardHeading="h2"
        columns={colunas}
        rows={zonas.data ?? []}
        isLoading={zonas.isFetching}
        isError={zonas.isError}
        errorMessage={zonas.error?.message}
        emptyMessage={MSG.nenhumaZona}
        params={SEM_PAGINACAO}
        onPageChange={nada}
        onSizeChange={nada}
        onSortChange={nada}
        getRowId={(z) => z.id}
        rowActions={(z) => [
          { label: 'Editar', onClick: () => void navigate(paths.user.zonas.edit.getHref(z.id)) },
          { label: 'Ver eventos', onClick: () => void navigate(paths.user.zonas.eventos.getHref(z.id)) },
          { label: 'Excluir', onClick: () => void onExcluir(z), disabled: excluir.isPending },
        ]}
      />
    </>
  );
}
