import Box from '@mui/material/Box';
import { useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { MSG, economiaErro, economiaSucesso, intervaloTexto, type AcaoSituacao, type ModoEconomia } from '@rastro/shared/messages';
import { MEU_RASTREADOR_ORDENAVEIS, type MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { DataTable, type Column, type RowAction } from '@/components/data-table/DataTable';
import { HaQuanto } from '@/components/data-table/HaQuanto';
import { NewButton } from '@/components/NewButton';
import { AvatarPet } from '@/components/pet/AvatarPet';
import { isApiError } from '@/lib/api-error';
import { formatarDataHora } from '@/lib/format';
import { useListReturnState } from '@/lib/list-return';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useListParams } from '@/lib/use-list-params';
import { paths } from '@/paths';
import { useAlterarEconomia } from '../api/alterar-economia';
import { useMeusRastreadores } from '../api/get-meus-rastreadores';
import type { MeuRastreadorFiltros } from '../api/keys';
import { formatarBateria } from './formatar';
import { MeusRastreadoresSearch } from './MeusRastreadoresSearch';
import { PrimeiroRastreador } from './PrimeiroRastreador';
import { SeloDeGuardiao } from './SeloDeGuardiao';

type Selo = (r: MeuRastreador) => ReactNode;

/** The pet's photo (or initial) and name, and after it the route's badge (the lost-mode chip) and 'Compartilhado por ANA', if any. */
const nomeComSelo = (selo: Selo | undefined) => (r: MeuRastreador) => (
  <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
    <AvatarPet nome={r.descricao} rastreadorId={r.rastreadorId} foto={r.foto} tamanho={36} />
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, minWidth: 0 }}>
      <span>{r.descricao}</span>
      {selo?.(r)}
      <SeloDeGuardiao rastreador={r} />
    </Box>
  </Box>
);

const colunasCom = (selo: Selo | undefined): Column<MeuRastreador>[] => [
  { id: 'imei', label: 'IMEI', sortable: true, render: (r) => r.imei },
  // On a phone the pet's name heads its card.
  { id: 'descricao', label: 'Descrição', sortable: true, cardTitle: true, render: nomeComSelo(selo) },
  {
    id: 'intervaloLocalizacao',
    label: 'Intervalo Localização',
    sortable: true,
    render: (r) => intervaloTexto(r.intervaloLocalizacao),
  },
  { id: 'bateria', label: 'Bateria', sortable: true, render: (r) => formatarBateria(r.bateria) },
  { id: 'dataCadastro', label: 'Data', sortable: true, render: (r) => formatarDataHora(r.dataCadastro) },
  { id: 'situacao', label: 'Situação', render: (r) => r.situacaoDescricao },
  // 'Last seen' is what an owner looks for on the phone; the desktop table stays as the spec lists it.
  { id: 'ultimaComunicacao', label: 'Última comunicação', only: 'cards', render: (r) => <HaQuanto iso={r.ultimaComunicacao} /> },
];

const acaoDe = (ligado: MeuRastreador['economiaBateria']): AcaoSituacao => (ligado === 'V' ? 'Inativar' : 'Ativar');

const ROTULO: Record<ModoEconomia, string> = { economia: 'economia de bateria', ultra: 'ultra economia de bateria' };

const perdido = (r: MeuRastreador) => r.modoPerdido?.ativo === true;

interface MeusRastreadoresListProps {
  /** More row-menu entries (lost mode, sharing), composed by the route from other features. */
  acoesExtras?: (r: MeuRastreador) => RowAction[];
  /** A badge after the pet's name (the lost-mode chip), composed by the route. */
  selo?: Selo;
}

/** /user/meus-rastreadores: the user's own trackers, listed at once (owners expect to see their pets). */
export function MeusRastreadoresList({ acoesExtras, selo }: MeusRastreadoresListProps = {}) {
  const list = useListParams<MeuRastreadorFiltros>({
    defaults: { orderBy: 'id', orderDirection: 'asc' },
    filters: ['descricao', 'imei'],
    orderable: MEU_RASTREADOR_ORDENAVEIS,
  });
  const { descricao, imei } = list.params;
  const rastreadores = useMeusRastreadores(list.params);
  const economia = useAlterarEconomia();
  const navigate = useNavigate();
  const returnState = useListReturnState();
  const colunas = useMemo(() => colunasCom(selo), [selo]);

  const alterar = async (r: MeuRastreador, modo: ModoEconomia, acao: AcaoSituacao) => {
    try {
      await economia.mutateAsync({ id: r.id, modo, acao });
      mostrarSucesso(economiaSucesso(modo, acao));
    } catch (e) {
      if (isApiError(e) && e.handled) return;
      // Lost mode was turned on elsewhere (another tab, the map): say why instead of 'try again'.
      mostrarErro(isApiError(e) && e.status === 409 && e.message === MSG.modoPerdidoBloqueia ? e.message : economiaErro(modo, acao));
    }
  };

  /**
   * The two battery modes exclude each other: each is offered only while the other is off (spec §4).
   * While the pet is lost, neither can change: one disabled entry says why.
   */
  const acoes = (r: MeuRastreador): RowAction[] => {
    const itens: RowAction[] = [];
    const detalhe: RowAction = {
      label: 'Detalhe',
      onClick: () => void navigate(paths.user.rastreadorDetalhe.getHref(r.id), { state: returnState }),
    };
    // A co-guardian may not change the tracker's settings (the API answers 403): only what they may do.
    if (r.compartilhadoPor !== null) return [detalhe, ...(acoesExtras?.(r) ?? [])];
    if (perdido(r))
      itens.push({ label: 'Modo de bateria bloqueado', description: MSG.modoPerdidoBloqueia, onClick: () => undefined, disabled: true });
    const modos: [ModoEconomia, MeuRastreador['economiaBateria'], MeuRastreador['economiaBateria']][] = [
      ['economia', r.economiaBateria, r.ultraEconomiaBateria],
      ['ultra', r.ultraEconomiaBateria, r.economiaBateria],
    ];
    for (const [modo, ligado, outro] of modos) {
      if (outro !== 'F' || perdido(r)) continue;
      const acao = acaoDe(ligado);
      itens.push({ label: `${acao} ${ROTULO[modo]}`, onClick: () => void alterar(r, modo, acao), disabled: economia.isPending });
    }
    itens.push(
      {
        label: 'Editar',
        onClick: () => void navigate(paths.user.meusRastreadores.edit.getHref(r.id), { state: returnState }),
      },
      detalhe,
      ...(acoesExtras?.(r) ?? []),
    );
    return itens;
  };

  // Nothing linked yet (no search narrowed it): an invitation instead of an empty table.
  const nenhumVinculado =
    !descricao &&
    !imei &&
    list.params.page === 0 &&
    !rastreadores.isError &&
    !rastreadores.isPlaceholderData &&
    rastreadores.data?.totalElements === 0;
  if (nenhumVinculado) return <PrimeiroRastreador state={returnState} />;

  return (
    <>
      <MeusRastreadoresSearch filtros={{ descricao, imei }} onSearch={list.search} onClear={list.clear} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <NewButton to={paths.user.meusRastreadores.create.getHref()} state={returnState} />
      </Box>
      <DataTable<MeuRastreador>
        caption="Meus Rastreadores"
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
        actionsLabel="Ações"
        rowActions={acoes}
      />
    </>
  );
}
