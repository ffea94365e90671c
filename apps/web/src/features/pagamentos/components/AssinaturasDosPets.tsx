import PixIcon from '@mui/icons-material/Pix';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import type { Assinatura, SituacaoAutorizacao } from '@rastro/shared/schemas/pagamentos';
import { useConfirm } from '@/components/ConfirmDialog';
import { mensagemDeErro } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useCancelarAssinatura } from '../api/cancelar-assinatura';
import { SITUACAO_ASSINATURA } from '@/components/pagamento/situacoes';
import { POR_PERIODO } from './formatar';
import type { PetSemAssinatura } from './AssinarDialog';
import { SituacaoChip } from '@/components/pagamento/SituacaoChip';

interface AssinaturasDosPetsProps {
  /** The subscriptions in force (not cancelled), the user's and the ones of pets they guard. */
  assinaturas: readonly Assinatura[];
  /** The user's own pets without a subscription in force. */
  semAssinatura: readonly PetSemAssinatura[];
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onAssinar: (pet: PetSemAssinatura) => void;
}

function situacaoDoPeriodo(a: Assinatura): string {
  if (a.cancelarNoFim) return a.pagoAte ? `Cancelada: vale até ${formatarDia(a.pagoAte)}.` : 'Cancelada.';
  return a.pagoAte ? `Pago até ${formatarDia(a.pagoAte)}.` : 'Aguardando o primeiro pagamento.';
}

type CorDoIcone = 'success' | 'warning' | 'disabled';

/** Pix Automático's authorisation as the card says it; AGUARDANDO asks the owner to act. */
const AUTORIZACAO: Record<SituacaoAutorizacao, { dono: string; guardiao: string; cor: CorDoIcone }> = {
  AGUARDANDO: {
    dono: 'Pix Automático: autorize no app do seu banco.',
    guardiao: 'Pix Automático: aguardando a autorização do dono.',
    cor: 'warning',
  },
  APROVADA: {
    dono: 'Pix Automático ativo: as cobranças são debitadas no vencimento.',
    guardiao: 'Pix Automático ativo: as cobranças são debitadas no vencimento.',
    cor: 'success',
  },
  REJEITADA: {
    dono: 'Pix Automático recusado no banco: as cobranças seguem por Pix com código.',
    guardiao: 'Pix Automático recusado no banco: as cobranças seguem por Pix com código.',
    cor: 'disabled',
  },
  EXPIRADA: {
    dono: 'A autorização do Pix Automático expirou: as cobranças seguem por Pix com código.',
    guardiao: 'A autorização do Pix Automático expirou: as cobranças seguem por Pix com código.',
    cor: 'disabled',
  },
  CANCELADA: {
    dono: 'Pix Automático cancelado: as cobranças seguem por Pix com código.',
    guardiao: 'Pix Automático cancelado: as cobranças seguem por Pix com código.',
    cor: 'disabled',
  },
};

/** One line about Pix Automático (the icon's colour repeats what the text says). */
function Autorizacao({ a }: { a: Assinatura }) {
  if (a.autorizacao === null) return null;
  const { dono, guardiao, cor } = AUTORIZACAO[a.autorizacao];
  const agir = a.autorizacao === 'AGUARDANDO' && a.papel === 'DONO';
  return (
    <Stack direction="row" spacing={0.75} sx={{ alignItems: 'flex-start', mt: 1 }}>
      <PixIcon fontSize="small" color={cor} aria-hidden sx={{ mt: '2px', flexShrink: 0 }} />
      <Typography variant="body2" color={agir ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: agir ? 600 : undefined, minWidth: 0 }}>
        {a.papel === 'DONO' ? dono : guardiao}
      </Typography>
    </Stack>
  );
}

/** One card per pet: its plan and situation, or 'Assinar' for a pet of the user's without one. */
export function AssinaturasDosPets({ assinaturas, semAssinatura, isPending, isError, onRetry, onAssinar }: AssinaturasDosPetsProps) {
  const confirm = useConfirm();
  const cancelar = useCancelarAssinatura();

  const cancelarAssinatura = async (a: Assinatura) => {
    const ok = await confirm({
      title: 'Cancelar assinatura',
      message: `Cancelar a assinatura de ${a.pet}? ${a.pagoAte ? `O que já foi pago vale até ${formatarDia(a.pagoAte)}.` : ''} As cobranças em aberto serão canceladas.`,
    });
    if (!ok) return;
    try {
      await cancelar.mutateAsync(a.id);
      mostrarSucesso('Assinatura cancelada.');
    } catch (e) {
      const msg = mensagemDeErro(e, 'Não foi possível cancelar a assinatura. Tente novamente.');
      if (msg) mostrarErro(msg);
    }
  };

  if (isPending)
    return (
      <Grid container spacing={2}>
        {[0, 1].map((i) => (
          <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
            <Skeleton variant="rounded" height={150} />
          </Grid>
        ))}
      </Grid>
    );
  if (isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Tentar novamente
          </Button>
        }
      >
        Não foi possível carregar as assinaturas.
      </Alert>
    );
  if (assinaturas.length === 0 && semAssinatura.length === 0)
    return <Alert severity="info">Cadastre um rastreador em Meus Rastreadores para assinar um plano para o seu pet.</Alert>;

  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Assinaturas">
      {assinaturas.map((a) => (
        <Grid key={`a-${a.id}`} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                  {a.pet}
                </Typography>
                <SituacaoChip {...SITUACAO_ASSINATURA[a.situacao]} />
              </Stack>
              <Typography>{`${a.plano}: ${formatarCentavos(a.valorCentavos)} ${POR_PERIODO[a.periodo]}`}</Typography>
              <Typography variant="body2" color="text.secondary">
                {situacaoDoPeriodo(a)}
              </Typography>
              {a.papel === 'GUARDIAO' && (
                <Typography variant="body2" color="text.secondary">
                  Você acompanha este pet; quem paga é o dono.
                </Typography>
              )}
              <Autorizacao a={a} />
              {a.situacao === 'SUSPENSA' && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {a.papel === 'DONO'
                    ? 'Assinatura vencida: pague a cobrança em aberto para ver o pet no mapa de novo. Alarmes e o modo perdido continuam funcionando.'
                    : 'Assinatura vencida: o dono precisa regularizar o pagamento.'}
                </Alert>
              )}
            </CardContent>
            {a.papel === 'DONO' && !a.cancelarNoFim && (
              <CardActions>
                <Button color="error" onClick={() => void cancelarAssinatura(a)} disabled={cancelar.isPending} sx={{ minHeight: 44 }}>
                  Cancelar assinatura
                </Button>
              </CardActions>
            )}
          </Card>
        </Grid>
      ))}
      {semAssinatura.map((p) => (
        <Grid key={`p-${p.id}`} size={{ xs: 12, sm: 6, lg: 4 }} component="li">
          <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
            <CardContent sx={{ flexGrow: 1 }}>
              <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
                {p.descricao}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Sem assinatura.
              </Typography>
            </CardContent>
            <CardActions>
              <Button variant="contained" onClick={() => onAssinar(p)} sx={{ minHeight: 44 }} aria-label={`Assinar para ${p.descricao}`}>
                Assinar
              </Button>
            </CardActions>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
