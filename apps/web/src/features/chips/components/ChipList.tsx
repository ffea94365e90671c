import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { DESCRICAO_SITUACAO_CHIP } from '@rastro/shared/dominio';
import { formatarTelefone } from '@rastro/shared/formatters';
import { MSG, alterarSituacaoChipErro, alterarSituacaoChipSucesso, confirmarChip, type AcaoSituacao } from '@rastro/shared/messages';
import { CHIP_ORDENAVEIS, type Chip } from '@rastro/shared/schemas/chips';
import { useConfirm } from '@/components/ConfirmDialog';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { NewButton } from '@/components/NewButton';
import { isApiError } from '@/lib/api-error';
import { formatarDataHora } from '@/lib/format';
import { useListReturnState } from '@/lib/list-return';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useListParams } from '@/lib/use-list-params';
import { paths } from '@/paths';
import { useChips } from '../api/get-chips';
import type { ChipFiltros } from '../api/keys';
import { useAlterarSituacaoChip } from '../api/alterar-situacao-chip';
import { ChipSearch } from './ChipSearch';

const colunas: Column<Chip>[] = [
  { id: 'id', label: 'Cód.', sortable: true, render: (c) => c.id },
  { id: 'descricao', label: 'Descrição', sortable: true, cardTitle: true, render: (c) => c.descricao },
  { id: 'numero', label: 'Número', sortable: true, render: (c) => formatarTelefone(c.numero) },
  { id: 'usuarioCadastroNome', label: 'Usuário', render: (c) => c.usuarioCadastroNome ?? '-' },
  { id: 'dataCadastro', label: 'Data de Cadastro', sortable: true, render: (c) => formatarDataHora(c.dataCadastro) },
  { id: 'situacao', label: 'Situação', sortable: true, render: (c) => DESCRICAO_SITUACAO_CHIP[c.situacao] },
];

const acaoDe = (c: Chip): AcaoSituacao => (c.situacao === 'A' ? 'Inativar' : 'Ativar');

/** /admin/chips: nothing is listed until a search ('Informe os filtros.'). */
export function ChipList() {
  const list = useListParams<ChipFiltros>({
    defaults: { orderBy: 'id', orderDirection: 'asc' },
    filters: ['codigo', 'descricao', 'numero'],
    requireSearch: true,
    orderable: CHIP_ORDENAVEIS,
  });
  const { codigo, descricao, numero } = list.params;
  const chips = useChips(list.params, list.ready);
  const alteracao = useAlterarSituacaoChip();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const returnState = useListReturnState();

  const alternarSituacao = async (chip: Chip) => {
    const acao = acaoDe(chip);
    if (!(await confirm({ message: confirmarChip(acao, formatarTelefone(chip.numero)) }))) return;
    try {
      await alteracao.mutateAsync({ id: chip.id, acao });
      mostrarSucesso(alterarSituacaoChipSucesso(acao));
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro(alterarSituacaoChipErro(acao));
    }
  };

  return (
    <>
      <ChipSearch filtros={{ codigo, descricao, numero }} onSearch={list.search} onClear={list.clear} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <NewButton to={paths.admin.chips.create.getHref()} state={returnState} />
      </Box>
      <DataTable<Chip>
        caption="Chips"
        columns={colunas}
        page={list.ready ? chips.data : undefined}
        isLoading={list.ready && chips.isFetching}
        isError={list.ready && chips.isError}
        errorMessage={chips.error?.message}
        emptyMessage={list.ready ? MSG.nenhumResultado : MSG.informeFiltros}
        params={list.params}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        onSortChange={list.setOrder}
        getRowId={(c) => c.id}
        actionsLabel="Ações"
        rowActions={(c) => [
          { label: 'Editar', onClick: () => void navigate(paths.admin.chips.edit.getHref(c.id), { state: returnState }) },
          { label: acaoDe(c), onClick: () => void alternarSituacao(c), disabled: alteracao.isPending },
        ]}
      />
    </>
  );
}
