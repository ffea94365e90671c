import { z } from 'zod/mini';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import { useNavigate } from 'react-router';
import { LIMITES } from '@rastro/shared/constants';
import { MSG, confirmarUsuario, alterarSituacaoUsuarioSucesso, type AcaoSituacao } from '@rastro/shared/messages';
import { USUARIO_ORDENAVEIS, usuarioFiltroSchema, type UsuarioLista } from '@rastro/shared/schemas/usuarios';
import { useConfirm } from '@/components/ConfirmDialog';
import { DataTable, type Column, type RowAction } from '@/components/data-table/DataTable';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { NewButton } from '@/components/NewButton';
import { SearchCard } from '@/components/SearchCard';
import { formatarDataHora } from '@/lib/format';
import { useListReturnState } from '@/lib/list-return';
import { mostrarSucesso } from '@/lib/snackbar';
import { useSessao } from '@/lib/sessao';
import { useListParams } from '@/lib/use-list-params';
import { paths } from '@/paths';
import { useAtivarUsuario } from '../api/ativar-usuario';
import { useUsuarios } from '../api/get-usuarios';
import { useInativarUsuario } from '../api/inativar-usuario';
import type { UsuarioListaFiltros } from '../api/usuario-keys';

const filtroSchema = z.pick(usuarioFiltroSchema, { nome: true, cpf: true, email: true });
const FILTROS_VAZIOS = { nome: '', cpf: '', email: '' };

const COLUNAS: readonly Column<UsuarioLista>[] = [
  { id: 'id', label: 'Cód.', sortable: true, render: (u) => u.id },
  { id: 'nome', label: 'Nome', sortable: true, cardTitle: true, render: (u) => u.nome },
  { id: 'email', label: 'E-mail', sortable: true, render: (u) => u.email },
  { id: 'dataCadastro', label: 'Data de Cadastro', sortable: true, render: (u) => formatarDataHora(u.dataCadastro) },
  { id: 'situacao', label: 'Situação', sortable: true, render: (u) => (u.situacao ? 'Ativo' : 'Inativo') },
];

interface UsuariosListProps {
  /** 'Emular' on a row (offered for anyone but the logged administrator). */
  onEmular?: (usuario: UsuarioLista) => void;
}

/** /admin/usuarios: search, paged table and the row actions (spec §2, §4). Loads at once, by nome. */
export function UsuariosList({ onEmular }: UsuariosListProps) {
  const list = useListParams<UsuarioListaFiltros>({
    defaults: { orderBy: 'nome', orderDirection: 'asc' },
    filters: ['nome', 'cpf', 'email'],
    orderable: USUARIO_ORDENAVEIS,
  });
  const { params } = list;
  const query = useUsuarios(params);
  const confirm = useConfirm();
  const inativar = useInativarUsuario();
  const ativar = useAtivarUsuario();
  const navigate = useNavigate();
  const returnState = useListReturnState();
  const sessao = useSessao();
  const logadoId = sessao.usuario?.usuarioId;

  const alternarSituacao = async (u: UsuarioLista) => {
    const acao: AcaoSituacao = u.situacao ? 'Inativar' : 'Ativar';
    if (!(await confirm({ message: confirmarUsuario(acao, u.nome) }))) return;
    try {
      await (acao === 'Inativar' ? inativar : ativar).mutateAsync(u.id);
      mostrarSucesso(alterarSituacaoUsuarioSucesso(acao));
    } catch {
      // The mutation reports alterarSituacaoUsuarioErro(acao).
    }
  };

  const acoes = (u: UsuarioLista): RowAction[] => {
    const proprio = u.id === logadoId;
    const out: RowAction[] = [
      { label: 'Editar', onClick: () => void navigate(paths.admin.usuarios.edit.getHref(u.id), { state: returnState }) },
      // The server refuses to inactivate oneself; the menu says so up front.
      { label: u.situacao ? 'Inativar' : 'Ativar', onClick: () => void alternarSituacao(u), disabled: proprio && u.situacao },
    ];
    if (onEmular && !proprio && !sessao.emulacao) out.push({ label: 'Emular', onClick: () => onEmular(u) });
    return out;
  };

  return (
    <>
      <SearchCard
        schema={filtroSchema}
        values={{ nome: params.nome ?? '', cpf: params.cpf ?? '', email: params.email ?? '' }}
        emptyValues={FILTROS_VAZIOS}
        onSearch={(v) => list.search(v)}
        onClear={list.clear}
      >
        {({ control }) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextFieldControl control={control} name="nome" label="Nome" maxLength={LIMITES.nome} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <MaskedFieldControl control={control} name="cpf" label="CPF" mask={MASCARA.cpf} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <TextFieldControl control={control} name="email" label="E-mail" type="email" maxLength={LIMITES.email} />
            </Grid>
          </Grid>
        )}
      </SearchCard>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <NewButton to={paths.admin.usuarios.create.getHref()} state={returnState} />
      </Box>
      <DataTable<UsuarioLista>
        columns={COLUNAS}
        page={query.data}
        isLoading={query.isFetching}
        isError={query.isError}
        emptyMessage={MSG.nenhumResultado}
        params={params}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        onSortChange={list.setOrder}
        getRowId={(u) => u.id}
        rowActions={acoes}
        caption="Usuários"
      />
    </>
  );
}
