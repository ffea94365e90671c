import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { formatarTelefone } from '@rastro/shared/formatters';
import { MSG, confirmarRastreador, imeiEmDisputa, alterarSituacaoRastreadorSucesso, type AcaoSituacao } from '@rastro/shared/messages';
import { RASTREADOR_ORDENAVEIS, type RastreadorAdmin } from '@rastro/shared/schemas/rastreadores';
import { useConfirm } from '@/components/ConfirmDialog';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { NewButton } from '@/components/NewButton';
import { isApiError } from '@/lib/api-error';
import { formatarDataHora } from '@/lib/format';
import { useListReturnState } from '@/lib/list-return';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useListParams } from '@/lib/use-list-params';
import { paths } from '@/paths';
import { useRastreadores } from '../api/get-rastreadores';
import type { RastreadorFiltros } from '../api/keys';
import { useAlterarSituacaoRastreador } from '../api/alterar-situacao-rastreador';
import { RastreadorSearch } from './RastreadorSearch';

/** The IMEI, flagged when two sources have taken turns on it (a possible clone: see OPERATIONS). */
function ImeiComAviso({ rastreador: r }: { rastreador: RastreadorAdmin }) {
  if (!r.origensAlternadasEm) return r.imei;
  const aviso = imeiEmDisputa(formatarDataHora(r.origensAlternadasEm));
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {r.imei}
      <WarningAmberIcon color="warning" fontSize="small" titleAccess={aviso} />
    </Box>
  );
}

/** '-' when the tracker never reported its battery (or reported a negative value). */
const formatarBateria = (bateria: number | null) => (bateria === null || bateria < 0 ? '-' : `${bateria}%`);

const colunas: Column<RastreadorAdmin>[] = [
  { id: 'id', label: 'Cód.', sortable: true, render: (r) => r.id },
  { id: 'imei', label: 'IMEI', sortable: true, cardTitle: true, render: (r) => <ImeiComAviso rastreador={r} /> },
  { id: 'rastreadorDescricao', label: 'Descrição', render: (r) => r.rastreadorDescricao ?? '-' },
  { id: 'bateria', label: 'Bateria', sortable: true, render: (r) => formatarBateria(r.bateria) },
  { id: 'chipNumero', label: 'Chip', render: (r) => formatarTelefone(r.chipNumero) || '-' },
  { id: 'usuarioNome', label: 'Usuário', render: (r) => r.usuarioNome ?? '-' },
  { id: 'dataCadastro', label: 'Data de Cadastro', sortable: true, render: (r) => formatarDataHora(r.dataCadastro) },
  { id: 'situacao', label: 'Situação', sortable: true, render: (r) => r.situacaoDescricao },
  { id: 'situacaoEnergia', label: 'Situação Energia', sortable: true, render: (r) => r.situacaoEnergiaDescricao },
];

const acaoDe = (r: RastreadorAdmin): AcaoSituacao => (r.situacaoCodigo === 'INATIVO' ? 'Ativar' : 'Inativar');

/** /admin/rastreadores: every tracker, searched by código and IMEI; listed at once. */
export function RastreadorList() {
  const list = useListParams<RastreadorFiltros>({
    defaults: { orderBy: 'id', orderDirection: 'asc' },
    filters: ['codigo', 'imei'],
    orderable: RASTREADOR_ORDENAVEIS,
  });
  const { codigo, imei } = list.params;
  const rastreadores = useRastreadores(list.params);
  const alteracao = useAlterarSituacaoRastreador();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const returnState = useListReturnState();

  const alternarSituacao = async (r: RastreadorAdmin) => {
    const acao = acaoDe(r);
    if (!(await confirm({ message: confirmarRastreador(acao, r.imei) }))) return;
    try {
      await alteracao.mutateAsync({ id: r.id, acao });
      mostrarSucesso(alterarSituacaoRastreadorSucesso(acao));
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro(MSG.erroAlterarSituacaoRastreador);
    }
  };

  return (
    <>
      <RastreadorSearch filtros={{ codigo, imei }} onSearch={list.search} onClear={list.clear} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <NewButton to={paths.admin.rastreadores.create.getHref()} state={returnState} />
      </Box>
      <DataTable<RastreadorAdmin>
        caption="Rastreadores"
        columns={colunas}
        page={rastreadores.data}
        isLoading={rastreadores.isFetching}
        isError={rastreadores.isError}
        errorMessage={rastreadores.error?.message}
        emptyMessage={MSG.nenhumResultado}
        params={list.params}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        onSortChange={list.setOrder}
        getRowId={(r) => r.id}
        rowActions={(r) => [
          {
            label: 'Editar',
            onClick: () => void navigate(paths.admin.rastreadores.edit.getHref(r.id), { state: returnState }),
          },
          { label: acaoDe(r), onClick: () => void alternarSituacao(r), disabled: alteracao.isPending },
        ]}
      />
    </>
  );
}
