import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatarCentavos } from '@rastro/shared/formatters';
import type { PagamentoAdminPage } from '@rastro/shared/schemas/pagamentos';

interface TotaisCobrancasProps {
  totais: PagamentoAdminPage['totais'] | undefined;
  /** The list failed: a dash instead of a skeleton that would never end. */
  isError: boolean;
}

/** The filter's totals on top of the charges: open, received and overdue, in reais. */
export function TotaisCobrancas({ totais, isError }: TotaisCobrancasProps) {
  const cards = [
    { label: 'A receber', valor: totais?.pendenteCentavos },
    { label: 'Recebido', valor: totais?.pagoCentavos },
    { label: 'Vencido', valor: totais?.vencidoCentavos },
  ];
  return (
    <Grid
      container
      spacing={{ xs: 1, sm: 2 }}
      component="ul"
      aria-label="Totais das cobranças"
      sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }}
    >
      {cards.map((c) => (
        <Grid key={c.label} size={{ xs: 12, sm: 4 }} component="li">
          {/* On a phone each total is one line (label, then the amount at the right), so the charges stay near the top. */}
          <Paper
            variant="outlined"
            sx={{
              p: { xs: 1.5, sm: 2 },
              display: { xs: 'flex', sm: 'block' },
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: 2,
            }}
          >
            <Typography color="text.secondary" component="p">
              {c.label}
            </Typography>
            <Typography
              variant="h5"
              component="p"
              sx={(t) => ({
                fontWeight: 600,
                fontSize: '1.25rem',
                minWidth: '5em',
                textAlign: 'right',
                [t.breakpoints.up('sm')]: { fontSize: t.typography.h5.fontSize, textAlign: 'left' },
              })}
            >
              {isError ? '-' : c.valor === undefined ? <Skeleton width="50%" aria-label="Carregando..." /> : formatarCentavos(c.valor)}
            </Typography>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
