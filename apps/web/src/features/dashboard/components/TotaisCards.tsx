import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { LIMITE_TOTAL_LOCALIZACOES } from '@rastro/shared/constants';
import type { RelatorioQuery, Totalizadores } from '@rastro/shared/schemas/relatorios';
import { useTotalizadores } from '../api/get-totalizadores';

/** Locations above the cap show as '+10000' (spec §9). */
export const formatarLocalizacoes = (n: number) => (n > LIMITE_TOTAL_LOCALIZACOES ? `+${LIMITE_TOTAL_LOCALIZACOES}` : String(n));

const CARDS: readonly { label: string; valor: (t: Totalizadores) => string }[] = [
  { label: 'Usuários', valor: (t) => String(t.totalUsuarios) },
  { label: 'Rastreadores', valor: (t) => String(t.totalRastreadores) },
  { label: 'Localizações', valor: (t) => formatarLocalizacoes(t.totalLocalizacoes) },
  { label: 'Chips', valor: (t) => String(t.totalChips) },
];

/** The four totals (PER200). */
export function TotaisCards({ periodo }: { periodo: RelatorioQuery }) {
  const { data, isPending } = useTotalizadores(periodo);
  return (
    <Grid container spacing={2} component="ul" aria-label="Totais" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {CARDS.map((c) => (
        <Grid key={c.label} size={{ xs: 12, sm: 6, lg: 3 }} component="li">
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography color="text.secondary" component="p">
              {c.label}
            </Typography>
            <Typography variant="h4" component="p">
              {data ? c.valor(data) : isPending ? <Skeleton width="40%" aria-label="Carregando..." /> : '-'}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
