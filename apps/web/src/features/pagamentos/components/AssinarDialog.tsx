import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { formatarCentavos } from '@rastro/shared/formatters';
import type { Assinatura } from '@rastro/shared/schemas/pagamentos';
import { mensagemDeErro } from '@/lib/api-error';
import { useAssinar } from '../api/assinar';
import { usePlanosAtivos } from '../api/get-planos';
import { POR_PERIODO } from './formatar';

export interface PetSemAssinatura {
  /** The owner's link. */
  id: number;
  descricao: string;
}

interface AssinarDialogProps {
  pet: PetSemAssinatura | null;
  onClose: () => void;
  /** The subscription was made; its first charge is due today. */
  onAssinado: (a: Assinatura) => void;
}

/** Chooses a plan for one pet and subscribes it, paid by Pix. */
export function AssinarDialog({ pet, onClose, onAssinado }: AssinarDialogProps) {
  const titleId = useId();
  const planos = usePlanosAtivos(pet !== null);
  const assinar = useAssinar();
  const [escolhido, setEscolhido] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const lista = planos.data ?? [];
  const planoId = escolhido ?? lista[0]?.id ?? null;

  const fechar = () => {
    setErro(null);
    setEscolhido(null);
    onClose();
  };

  const confirmar = async () => {
    if (!pet || planoId === null) return;
    setErro(null);
    try {
      const a = await assinar.mutateAsync({ usuarioRastreadorId: pet.id, planoId, forma: 'PIX' });
      setEscolhido(null);
      onAssinado(a);
    } catch (e) {
      setErro(mensagemDeErro(e, 'Não foi possível assinar agora. Tente novamente.'));
    }
  };

  return (
    <Dialog open={pet !== null} onClose={fechar} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {pet ? `Assinar para ${pet.descricao}` : 'Assinar'}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>Escolha o plano. A primeira cobrança vence hoje e você paga com Pix.</DialogContentText>
          {planos.isPending ? (
            <Stack spacing={1}>
              <Skeleton height={56} />
              <Skeleton height={56} />
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
              Não foi possível carregar os planos.
            </Alert>
          ) : lista.length === 0 ? (
            <Alert severity="info">Nenhum plano disponível no momento.</Alert>
          ) : (
            <RadioGroup
              aria-label="Plano"
              value={planoId === null ? '' : String(planoId)}
              onChange={(e) => setEscolhido(Number(e.target.value))}
            >
              {lista.map((p) => (
                <FormControlLabel
                  key={p.id}
                  value={String(p.id)}
                  control={<Radio />}
                  sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { mt: -0.5 } }}
                  label={
                    <span>
                      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                        {`${p.nome}: ${formatarCentavos(p.valorCentavos)} ${POR_PERIODO[p.periodo]}`}
                      </Typography>
                      {p.descricao && (
                        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                          {p.descricao}
                        </Typography>
                      )}
                    </span>
                  }
                />
              ))}
            </RadioGroup>
          )}
          {erro && <Alert severity="error">{erro}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={fechar}>Cancelar</Button>
        <Button variant="contained" onClick={() => void confirmar()} disabled={planoId === null || assinar.isPending}>
          Assinar e pagar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
