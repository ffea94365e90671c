import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod/mini';
import { LIMITES } from '@rastro/shared/constants';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import { MSG } from '@rastro/shared/messages';
import { SITUACOES_COBRANCA, type PagamentoAdmin, type SituacaoCobranca } from '@rastro/shared/schemas/pagamentos';
import { isDataValida } from '@rastro/shared/validators';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { SelectControl } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { SearchCard } from '@/components/SearchCard';
import { SITUACAO_COBRANCA } from '@/components/pagamento/situacoes';
import { SituacaoChip } from '@/components/pagamento/SituacaoChip';
import { formatarDataHora } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { usePagamentos } from '../api/get-pagamentos';
import type { CobrancaFiltros } from '../api/keys';
import { BaixaDialog } from './BaixaDialog';
import { diaBrParaIso, diaIsoParaBr } from './formatar';

const diaOpcional = z.string().check(z.refine((v) => v === '' || isDataValida(v), MSG.dataInvalida));
const filtroSchema = z.object({
  situacao: z.string(),
  usuario: z.string().check(z.trim(), z.maxLength(LIMITES.nome)),
  vencimentoDe: diaOpcional,
  vencimentoAte: diaOpcional,
});
type FiltroTela = z.infer<typeof filtroSchema>;
const vazio: FiltroTela = { situacao: '', usuario: '', vencimentoDe: '', vencimentoAte: '' };
const OPCOES_SITUACAO = [
  { value: '', label: 'Todas' },
  ...SITUACOES_COBRANCA.map((s) => ({ value: s, label: SITUACAO_COBRANCA[s].rotulo })),
];

const emAberto = (c: PagamentoAdmin) => c.situacao === 'PENDENTE' || c.situacao === 'VENCIDO';

const colunas: Column<PagamentoAdmin>[] = [
  {
    id: 'usuarioNome',
    label: 'Usuário',
    sortable: true,
    render: (c) => (
      <>
        {c.usuarioNome}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {c.usuarioEmail}
        </Typography>
      </>
    ),
  },
  { id: 'pet', label: 'Pet', cardTitle: true, render: (c) => c.pet },
  { id: 'valorCentavos', label: 'Valor', sortable: true, render: (c) => formatarCentavos(c.valorCentavos) },
  { id: 'vencimento', label: 'Vencimento', sortable: true, render: (c) => formatarDia(c.vencimento) },
  {
    id: 'situacao',
    label: 'Situação',
    sortable: true,
    render: (c) => (
      <>
        <SituacaoChip {...SITUACAO_COBRANCA[c.situacao]} />
        {c.divergente && c.valorPagoCentavos !== null && (
          <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
            {`Valor divergente: ${formatarCentavos(c.valorPagoCentavos)} recebido`}
          </Typography>
        )}
      </>
    ),
  },
  {
    id: 'pagoEm',
    label: 'Pago em',
    render: (c) =>
      c.pagoEm ? (
        <>
          {formatarDataHora(c.pagoEm)}
          {c.baixaManual && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
              {`Baixa manual${c.baixaObservacao ? `: ${c.baixaObservacao}` : ''}`}
            </Typography>
          )}
        </>
      ) : (
        '-'
      ),
  },
];

/** The filter's totals: open, received and overdue, in reais. */
function Totais({ totais }: { totais: { pendenteCentavos: number; pagoCentavos: number; vencidoCentavos: number } | undefined }) {
  const cards = [
    { label: 'A receber', valor: totais?.pendenteCentavos },
    { label: 'Recebido', valor: totais?.pagoCentavos },
    { label: 'Vencido', valor: totais?.vencidoCentavos },
  ];
  return (
    <Grid container spacing={2} component="ul" aria-label="Totais das cobranças" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}>
      {cards.map((c) => (
        <Grid key={c.label} size={{ xs: 12, sm: 4 }} component="li">
          <Paper variant="outlined" sx={{ p: 2 }}>
            <Typography color="text.secondary" component="p">
              {c.label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {c.valor === undefined ? <Skeleton width="50%" aria-label="Carregando..." /> : formatarCentavos(c.valor)}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/** The 'Cobranças' tab: every charge, filtered in the address, with the filter's totals and the settlement by hand. */
export function CobrancasAdmin() {
  const list = useListParams<CobrancaFiltros>({
    defaults: { orderBy: 'vencimento', orderDirection: 'desc' },
    filters: ['situacao', 'usuario', 'vencimentoDe', 'vencimentoAte'],
    orderable: ['vencimento', 'valorCentavos', 'situacao', 'usuarioNome'],
  });
  const cobrancas = usePagamentos(list.params);
  const [baixa, setBaixa] = useState<PagamentoAdmin | null>(null);
  const { situacao, usuario, vencimentoDe, vencimentoAte } = list.params;

  return (
    <Box>
      <SearchCard
        schema={filtroSchema}
        values={{
          situacao: situacao ?? '',
          usuario: usuario ?? '',
          vencimentoDe: diaIsoParaBr(vencimentoDe),
          vencimentoAte: diaIsoParaBr(vencimentoAte),
        }}
        emptyValues={vazio}
        onClear={list.clear}
        onSearch={(v) =>
          list.search({
            situacao: v.situacao as SituacaoCobranca | '',
            usuario: v.usuario,
            vencimentoDe: diaBrParaIso(v.vencimentoDe),
            vencimentoAte: diaBrParaIso(v.vencimentoAte),
          })
        }
      >
        {({ control }) => (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 3 }}>
              <SelectControl
                control={control}
                name="situacao"
                label="Situação"
                options={OPCOES_SITUACAO}
                // 'Todas' shows in the field, not an empty box.
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <TextFieldControl
                control={control}
                name="usuario"
                label="Usuário (nome ou e-mail)"
                uppercase={false}
                maxLength={LIMITES.nome}
              />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <MaskedFieldControl control={control} name="vencimentoDe" label="Vencimento de" mask={MASCARA.data} inputMode="numeric" />
            </Grid>
            <Grid size={{ xs: 6, md: 2 }}>
              <MaskedFieldControl control={control} name="vencimentoAte" label="Vencimento até" mask={MASCARA.data} inputMode="numeric" />
            </Grid>
          </Grid>
        )}
      </SearchCard>
      <Totais totais={cobrancas.data?.totais} />
      <DataTable<PagamentoAdmin>
        caption="Cobranças"
        columns={colunas}
        page={cobrancas.data}
        isLoading={cobrancas.isFetching}
        isError={cobrancas.isError}
        errorMessage={cobrancas.error?.message}
        emptyMessage={MSG.nenhumResultado}
        params={list.params}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        onSortChange={list.setOrder}
        getRowId={(c) => c.id}
        actionsLabel="Ações"
        rowActions={(c) => [{ label: 'Dar baixa', onClick: () => setBaixa(c), disabled: !emAberto(c) }]}
      />
      <BaixaDialog cobranca={baixa} onClose={() => setBaixa(null)} />
    </Box>
  );
}
