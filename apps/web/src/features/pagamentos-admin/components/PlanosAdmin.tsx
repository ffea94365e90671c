import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatarCentavos } from '@rastro/shared/formatters';
import { MSG, confirmarInativarPlano, erroCarregar } from '@rastro/shared/messages';
import type { Plano } from '@rastro/shared/schemas/pagamentos';
import { useConfirm } from '@/components/ConfirmDialog';
import { mensagemDeErro } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useTodosOsPlanos } from '../api/get-planos';
import { useInativarPlano } from '../api/inativar-plano';
import { PlanoDialog } from './PlanoDialog';

const POR_PERIODO = { MENSAL: 'por mês', ANUAL: 'por ano' } as const;

/** The 'Planos' tab: every plan (the inactive ones marked), create, edit, inactivate. */
export function PlanosAdmin() {
  const planos = useTodosOsPlanos();
  const inativar = useInativarPlano();
  const confirm = useConfirm();
  const [editando, setEditando] = useState<Plano | 'novo' | null>(null);

  const inativarPlano = async (p: Plano) => {
    const ok = await confirm({
      title: 'Inativar plano',
      message: confirmarInativarPlano(p.nome),
    });
    if (!ok) return;
    try {
      await inativar.mutateAsync(p.id);
      mostrarSucesso(MSG.planoInativado);
    } catch (e) {
      const msg = mensagemDeErro(e, MSG.erroInativarPlano);
      if (msg) mostrarErro(msg);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditando('novo')} sx={{ minHeight: 44 }}>
          Cadastrar plano
        </Button>
      </Box>
      {planos.isPending ? (
        <Stack spacing={1}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={120} />
        </Stack>
      ) : planos.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void planos.refetch()}>
              Tentar novamente
            </Button>
          }
        >
          {erroCarregar('os planos')}
        </Alert>
      ) : planos.data.length === 0 ? (
        <Alert severity="info">{MSG.nenhumPlano}</Alert>
      ) : (
        <Grid container spacing={2} component="ul" aria-label="Planos" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {planos.data.map((p) => (
            <Grid key={p.id} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
              <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: p.ativo ? 1 : 0.75 }}>
                <CardContent sx={{ flexGrow: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                    <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                      {p.nome}
                    </Typography>
                    {!p.ativo && <Chip size="small" label="Inativo" variant="outlined" />}
                  </Stack>
                  <Typography sx={{ fontWeight: 600 }}>{`${formatarCentavos(p.valorCentavos)} ${POR_PERIODO[p.periodo]}`}</Typography>
                  <Typography variant="body2" color="text.secondary">{`${p.diasCarencia} dias de carência`}</Typography>
                  {p.descricao && (
                    <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                      {p.descricao}
                    </Typography>
                  )}
                </CardContent>
                {p.ativo && (
                  <CardActions>
                    <Button onClick={() => setEditando(p)} aria-label={`Editar ${p.nome}`} sx={{ minHeight: 44 }}>
                      Editar
                    </Button>
                    <Button color="error" onClick={() => void inativarPlano(p)} aria-label={`Inativar ${p.nome}`} sx={{ minHeight: 44 }}>
                      Inativar
                    </Button>
                  </CardActions>
                )}
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
      <PlanoDialog plano={editando} onClose={() => setEditando(null)} />
    </Box>
  );
}
