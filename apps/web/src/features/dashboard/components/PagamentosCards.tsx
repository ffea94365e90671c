import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatarCentavos } from '@rastro/shared/formatters';
import type { ResumoPagamentos } from '@rastro/shared/schemas/pagamentos';
import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { useResumoPagamentos } from '../api/get-resumo-pagamentos';

const CARDS: readonly { label: string; valor: (r: ResumoPagamentos) => string; detalhe?: (r: ResumoPagamentos) => string }[] = [
  { label: 'A receber', valor: (r) => formatarCentavos(r.aReceberCentavos) },
  { label: 'Recebido no período', valor: (r) => formatarCentavos(r.recebidoCentavos) },
  {
    label: 'Vencido',
    valor: (r) => formatarCentavos(r.vencidoCentavos),
    detalhe: (r) => `${r.assinaturasSuspensas} ${r.assinaturasSuspensas === 1 ? 'assinatura suspensa' : 'assinaturas suspensas'}`,
  },
  {
    label: 'Receita mensal recorrente',
    valor: (r) => formatarCentavos(r.receitaMensalCentavos),
    detalhe: (r) => `${r.assinaturasAtivas} ${r.assinaturasAtivas === 1 ? 'assinatura ativa' : 'assinaturas ativas'}`,
  },
];

/** The payments' money (PER300, while payments are on). */
export function PagamentosCards({ periodo }: { periodo: RelatorioQuery }) {
  const { data, isPending } = useResumoPagamentos(periodo);
  return (
    <Grid container spacing={2} component="ul" aria-label="Pagamentos" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {CARDS.map((c) => (
        <Grid key={c.label} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography color="text.secondary" component="p">
              {c.label}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {data ? c.valor(data) : isPending ? <Skeleton width="60%" aria-label="Carregando..." /> : '-'}
            </Typography>
            {data && c.detalhe && (
              <Typography variant="body2" color="text.secondary">
                {c.detalhe(data)}
              </Typography>
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
