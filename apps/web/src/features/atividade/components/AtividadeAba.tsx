import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { MSG } from '@rastro/shared/messages';
import type { AtividadeDia } from '@rastro/shared/schemas/atividade';
import { useAtividade } from '../api/get-atividade';
import { useMetaAtividade } from '../api/get-meta-atividade';
import { usePeriodo } from '../hooks/use-periodo';
import { formatarKm, formatarMinutos } from './formatar';
import { AtividadeChart } from './AtividadeChart';
import { MetaDoDono, MetaForm } from './MetaForm';

const PERIODOS = [7, 30] as const;
type Dias = (typeof PERIODOS)[number];

function Numero({ rotulo, valor }: { rotulo: string; valor: string | undefined }) {
  return (
    // The grid item is the <div> of a <dt>/<dd> pair: a <dl> may only hold those.
    <Grid size={{ xs: 4 }} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {rotulo}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 500, whiteSpace: 'nowrap' }}>
        {valor ?? <Skeleton width="70%" />}
      </Typography>
    </Grid>
  );
}

/** Today's distance, active and rest minutes. */
function Hoje({ dia }: { dia: AtividadeDia | undefined }) {
  const tituloId = useId();
  return (
    <Box component="section" aria-labelledby={tituloId}>
      <Typography id={tituloId} variant="subtitle1" component="h3" gutterBottom>
        Hoje
      </Typography>
      <Grid container component="dl" spacing={1} sx={{ m: 0 }}>
        <Numero rotulo="Distância" valor={dia && formatarKm(dia.distanciaMetros)} />
        <Numero rotulo="Ativo" valor={dia && formatarMinutos(dia.minutosAtivos)} />
        <Numero rotulo="Repouso" valor={dia && formatarMinutos(dia.minutosRepouso)} />
      </Grid>
    </Box>
  );
}

/**
 * The detail's Atividade tab (`id` is the owner's link): today's figures, the distance of the last
 * 7 or 30 days as bars, and the daily goal (the owner's to set; a co-guardian sees it).
 */
export function AtividadeAba({ id, compartilhadoPor = null }: { id: number; compartilhadoPor?: string | null }) {
  const [dias, setDias] = useState<Dias>(7);
  const periodo = usePeriodo(dias);
  const atividade = useAtividade(id, periodo);
  const meta = useMetaAtividade(id);
  const lista = atividade.data;
  const hoje = lista?.find((d) => d.data === periodo.dataFinal);
  const titulo = `Distância por dia, últimos ${dias} dias`;

  return (
    <Stack spacing={3}>
      {atividade.isError && !lista ? <Alert severity="error">{atividade.error.message}</Alert> : <Hoje dia={hoje} />}
      <Box component="section" aria-label={titulo}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
          <Typography variant="subtitle1" component="h3">
            Distância por dia
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={dias}
            onChange={(_e, v: Dias | null) => v && setDias(v)}
            aria-label="Período do gráfico"
          >
            {PERIODOS.map((n) => (
              <ToggleButton key={n} value={n}>
                {n} dias
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Box>
        {lista ? (
          <AtividadeChart dias={lista} titulo={titulo} />
        ) : (
          <Skeleton variant="rectangular" height={240} aria-label="Carregando..." />
        )}
      </Box>
      <Divider />
      {meta.isError ? (
        <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>
      ) : meta.isPending ? (
        <Skeleton variant="rectangular" height={120} aria-label="Carregando..." />
      ) : compartilhadoPor ? (
        <MetaDoDono meta={meta.data} dono={compartilhadoPor} />
      ) : (
        <MetaForm key={JSON.stringify(meta.data)} id={id} meta={meta.data} />
      )}
    </Stack>
  );
}
