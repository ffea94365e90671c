import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { MSG } from '@rastro/shared/messages';
import { PER, temPermissao } from '@rastro/shared/permissoes';
import { useAppConfig } from '@/lib/app-config';
import { usuarioEfetivo, useSessao } from '@/lib/sessao';
import { periodoPadrao } from './periodo';
import { PeriodoFields } from './PeriodoFields';
import { SituacoesChart } from './SituacoesChart';
import { SituacoesEnergiaChart } from './SituacoesEnergiaChart';
import { HistoricoGuardado } from './HistoricoGuardado';
import { PagamentosCards } from './PagamentosCards';
import { TotaisCards } from './TotaisCards';

/** Totals, charts and the payments' money, each only for whoever holds its role (the emulated user's while emulating). */
export function Dashboard() {
  const authorities = usuarioEfetivo(useSessao())?.authorities ?? [];
  const [periodo, setPeriodo] = useState(periodoPadrao);
  const totais = temPermissao(authorities, [PER.DASHBOARD_TOTAIS]);
  const situacoes = temPermissao(authorities, [PER.DASHBOARD_SITUACAO]);
  const energia = temPermissao(authorities, [PER.DASHBOARD_ENERGIA]);
  const pagamentosLigados = useAppConfig().data?.pagamentos.ativo === true;
  const pagamentos = pagamentosLigados && temPermissao(authorities, [PER.PAGAMENTOS]);

  if (!totais && !situacoes && !energia && !pagamentos) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <Typography color="text.secondary">{MSG.nenhumRelatorio}</Typography>
      </Paper>
    );
  }

  return (
    <Stack spacing={3}>
      <PeriodoFields value={periodo} onChange={setPeriodo} />
      {totais && <TotaisCards periodo={periodo} />}
      {pagamentos && <PagamentosCards periodo={periodo} />}
      {(situacoes || energia) && (
        <Grid container spacing={2}>
          {situacoes && (
            <Grid size={{ xs: 12, lg: 6 }}>
              <SituacoesChart periodo={periodo} />
            </Grid>
          )}
          {energia && (
            <Grid size={{ xs: 12, lg: 6 }}>
              <SituacoesEnergiaChart periodo={periodo} />
            </Grid>
          )}
        </Grid>
      )}
      {totais && <HistoricoGuardado />}
    </Stack>
  );
}
