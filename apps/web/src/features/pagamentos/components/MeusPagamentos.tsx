import PixIcon from '@mui/icons-material/Pix';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import type { Pagamento } from '@rastro/shared/schemas/pagamentos';
import { DataTable, type Column } from '@/components/data-table/DataTable';
import { formatarDataHora } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { useAssinaturas } from '../api/get-assinaturas';
import { useMeusPagamentos } from '../api/get-meus-pagamentos';
import { usePetsDoDono } from '../api/get-pets-do-dono';
import { AssinarDialog, type PetSemAssinatura } from './AssinarDialog';
import { AssinaturasDosPets } from './AssinaturasDosPets';
import { SITUACAO_COBRANCA } from '@/components/pagamento/situacoes';
import { emAberto } from './formatar';
import { PagarComPix } from './PagarComPix';
import { SituacaoChip } from '@/components/pagamento/SituacaoChip';

/**
 * /user/meus-pagamentos when payments are on: each pet's subscription (or 'Assinar'), then the
 * charges, newest due date first, each open one with 'Pagar com Pix' (or, debited by Pix Automático,
 * its due date). Paying updates the page live.
 */
export function MeusPagamentos() {
  const list = useListParams<Record<never, string>>({
    defaults: { orderBy: 'vencimento', orderDirection: 'desc' },
    filters: [],
    orderable: ['vencimento', 'valorCentavos', 'situacao'],
  });
  const cobrancas = useMeusPagamentos(list.params);
  const assinaturas = useAssinaturas();
  const pets = usePetsDoDono();
  const [assinarPara, setAssinarPara] = useState<PetSemAssinatura | null>(null);
  // The charge being paid; right after subscribing, the subscription's first charge once the list has it.
  const [pagar, setPagar] = useState<{ cobrancaId: number } | { assinaturaId: number } | null>(null);

  const linhas = cobrancas.data?.content ?? [];
  if (pagar && 'assinaturaId' in pagar) {
    // The one due first, whatever the list's order (a later period's may already be there).
    const primeira = linhas
      .filter((c) => c.assinaturaId === pagar.assinaturaId && emAberto(c.situacao) && !c.debitoAutomatico)
      .reduce<Pagamento | undefined>((a, c) => (a === undefined || c.vencimento < a.vencimento ? c : a), undefined);
    // Pinned to the charge from now on: the dialog follows it when it turns 'Pago'.
    if (primeira) setPagar({ cobrancaId: primeira.id });
  }
  // As the list has it now: it turns 'Pago' live.
  const pagando = pagar && 'cobrancaId' in pagar ? linhas.find((c) => c.id === pagar.cobrancaId) : undefined;

  const vigentes = (assinaturas.data ?? []).filter((a) => a.situacao !== 'CANCELADA');
  const comAssinatura = new Set(vigentes.map((a) => a.usuarioRastreadorId));
  const semAssinatura = (pets.data?.content ?? [])
    .filter((p) => p.compartilhadoPor === null && !comAssinatura.has(p.id))
    .map((p) => ({ id: p.id, descricao: p.descricao }));

  const colunas: Column<Pagamento>[] = [
    { id: 'pet', label: 'Pet', cardTitle: true, render: (c) => c.pet },
    { id: 'valorCentavos', label: 'Valor', sortable: true, render: (c) => formatarCentavos(c.valorCentavos) },
    { id: 'vencimento', label: 'Vencimento', sortable: true, render: (c) => formatarDia(c.vencimento) },
    { id: 'situacao', label: 'Situação', sortable: true, render: (c) => <SituacaoChip {...SITUACAO_COBRANCA[c.situacao]} /> },
    { id: 'pagoEm', label: 'Pago em', render: (c) => (c.pagoEm ? formatarDataHora(c.pagoEm) : '-') },
    {
      id: 'pagar',
      label: 'Pagamento',
      render: (c) =>
        // Pix Automático: the owner's bank debits it on the due date, there is nothing to pay here.
        c.debitoAutomatico && c.situacao === 'PENDENTE' ? (
          `Débito automático em ${formatarDia(c.vencimento)}`
        ) : c.debitoAutomatico && c.situacao === 'VENCIDO' ? (
          'Aguardando o débito automático'
        ) : emAberto(c.situacao) && c.pixCopiaECola ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<PixIcon />}
            onClick={() => setPagar({ cobrancaId: c.id })}
            sx={{ minHeight: 40, whiteSpace: 'nowrap' }}
            aria-label={`Pagar ${formatarCentavos(c.valorCentavos)} de ${c.pet} com Pix`}
          >
            Pagar com Pix
          </Button>
        ) : emAberto(c.situacao) ? (
          // PSP mode: the PSP has not made its code yet (the next round asks again).
          'Gerando o código Pix…'
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Stack spacing={4}>
      <Box component="section" aria-labelledby="meus-pagamentos-assinaturas">
        <Typography id="meus-pagamentos-assinaturas" variant="h5" component="h2" sx={{ mb: 2 }}>
          Assinaturas
        </Typography>
        <AssinaturasDosPets
          assinaturas={vigentes}
          semAssinatura={semAssinatura}
          isPending={assinaturas.isPending || pets.isPending}
          isError={assinaturas.isError || pets.isError}
          onRetry={() => {
            void assinaturas.refetch();
            void pets.refetch();
          }}
          onAssinar={setAssinarPara}
        />
      </Box>
      <Box component="section" aria-labelledby="meus-pagamentos-cobrancas">
        <Typography id="meus-pagamentos-cobrancas" variant="h5" component="h2" sx={{ mb: 2 }}>
          Cobranças
        </Typography>
        <DataTable<Pagamento>
          caption="Cobranças"
          columns={colunas}
          page={cobrancas.data}
          isLoading={cobrancas.isFetching}
          isError={cobrancas.isError}
          errorMessage={cobrancas.error?.message}
          emptyMessage="Nenhuma cobrança ainda."
          params={list.params}
          onPageChange={list.setPage}
          onSizeChange={list.setSize}
          onSortChange={list.setOrder}
          getRowId={(c) => c.id}
        />
      </Box>
      <AssinarDialog
        pet={assinarPara}
        onClose={() => setAssinarPara(null)}
        onAssinado={(a) => {
          setAssinarPara(null);
          setPagar({ assinaturaId: a.id });
        }}
      />
      <PagarComPix pagamento={pagando} onClose={() => setPagar(null)} />
    </Stack>
  );
}
