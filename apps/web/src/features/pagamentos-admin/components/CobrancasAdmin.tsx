import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod/mini';
import { LIMITES } from '@rastro/shared/constants';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import { MSG, baixaManual, valorDivergente } from '@rastro/shared/messages';
import { SITUACOES_COBRANCA, type PagamentoAdmin, type SituacaoCobranca } from '@rastro/shared/schemas/pagamentos';
import { isDataValida } from '@rastro/shared/validators';
import { DataTable, type Column, type RowAction } from '@/components/data-table/DataTable';
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
import { TotaisCobrancas } from './TotaisCobrancas';

const diaOpcional = z.string().check(z.refine((v) => v === '' || isDataValida(v), MSG.dataInvalida));
const filtroSchema = z
  .object({
    situacao: z.string(),
    usuario: z.string().check(z.trim(), z.maxLength(LIMITES.nome)),
    vencimentoDe: diaOpcional,
    vencimentoAte: diaOpcional,
  })
  .check(
    z.refine((f) => !f.vencimentoDe || !f.vencimentoAte || diaBrParaIso(f.vencimentoDe) <= diaBrParaIso(f.vencimentoAte), {
      error: MSG.dataInicialAposFinal,
      path: ['vencimentoDe'],
    }),
  );
type FiltroTela = z.infer<typeof filtroSchema>;
const vazio: FiltroTela = { situacao: '', usuario: '', vencimentoDe: '', vencimentoAte: '' };
const OPCOES_SITUACAO = [
  { value: '', label: 'Todas' },
  ...SITUACOES_COBRANCA.map((s) => ({ value: s, label: SITUACAO_COBRANCA[s].rotulo })),
];

/** Why a charge cannot be settled by hand; null when it can (open or overdue). */
const SEM_BAIXA: Record<SituacaoCobranca, string | null> = {
  PENDENTE: null,
  VENCIDO: null,
  PAGO: MSG.cobrancaJaPaga,
  CANCELADO: MSG.cobrancaCancelada,
  DEVOLVIDO: MSG.cobrancaDevolvida,
};
const acaoDarBaixa = (c: PagamentoAdmin, abrir: (c: PagamentoAdmin) => void): RowAction => {
  const motivo = SEM_BAIXA[c.situacao];
  return motivo
    ? { label: 'Dar baixa', onClick: () => undefined, disabled: true, description: motivo }
    : { label: 'Dar baixa', onClick: () => abrir(c) };
};

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
            {valorDivergente(formatarCentavos(c.valorPagoCentavos))}
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
              {baixaManual(c.baixaObservacao)}
            </Typography>
          )}
        </>
      ) : (
        '-'
      ),
  },
];

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
      <TotaisCobrancas totais={cobrancas.data?.totais} isError={cobrancas.isError} />
      <DataTable<PagamentoAdmin>
        caption="Cobranças"
        columns={colunas}
        page={cobrancas.data}
        isLoading={cobrancas.isFetching}
        isError={cobrancas.isError}
        errorMessage={cobrancas.error?.message}
        emptyMessage={MSG.nenhumaCobranca}
        params={list.params}
        onPageChange={list.setPage}
        onSizeChange={list.setSize}
        onSortChange={list.setOrder}
        getRowId={(c) => c.id}
        actionsLabel="Ações"
        rowActions={(c) => [acaoDarBaixa(c, setBaixa)]}
      />
      <BaixaDialog cobranca={baixa} onClose={() => setBaixa(null)} />
    </Box>
  );
}
