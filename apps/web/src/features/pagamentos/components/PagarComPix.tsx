import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import type { Pagamento } from '@rastro/shared/schemas/pagamentos';
import { formatarDataHora } from '@/lib/format';
import { useCelular } from '@/lib/use-celular';
import { emAberto } from './formatar';
import { QrCodePix } from './QrCodePix';

interface PagarComPixProps {
  /** The charge as the list has it now: it turns PAGO here, live, when the payment lands. */
  pagamento: Pagamento | undefined;
  onClose: () => void;
}

/**
 * Paying a charge: the QR code to scan with the bank app and the "Pix copia e cola" code to paste in
 * it. The dialog stays open while the owner pays and says so when the payment arrives.
 */
export function PagarComPix({ pagamento, onClose }: PagarComPixProps) {
  const titleId = useId();
  const celular = useCelular();
  const campo = useRef<HTMLInputElement>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const codigo = pagamento?.pixCopiaECola ?? null;
  const pago = pagamento?.situacao === 'PAGO';

  const fechar = () => {
    setAviso(null);
    onClose();
  };

  const copiar = async () => {
    if (!codigo) return;
    try {
      if (!navigator.clipboard) throw new Error('sem clipboard');
      await navigator.clipboard.writeText(codigo);
      setAviso('Código copiado. Cole no app do seu banco, em Pix copia e cola.');
    } catch {
      // No clipboard (plain http, permission denied): the code is left selected to copy by hand.
      campo.current?.focus();
      campo.current?.select();
      setAviso('Não foi possível copiar. O código está selecionado: copie-o.');
    }
  };

  return (
    <Dialog open={pagamento !== undefined} onClose={fechar} aria-labelledby={titleId} fullScreen={celular} maxWidth="xs" fullWidth>
      <Box sx={{ display: 'flex', alignItems: 'center', pr: celular ? 1 : 0 }}>
        <DialogTitle id={titleId} sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {pagamento ? `Pagar ${pagamento.pet} com Pix` : 'Pagar com Pix'}
        </DialogTitle>
        {celular && (
          <IconButton aria-label="Fechar" onClick={fechar} sx={{ width: 48, height: 48 }}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <DialogContent>
        {pagamento && (
          <Stack spacing={2}>
            <Box>
              <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
                {formatarCentavos(pagamento.valorCentavos)}
              </Typography>
              <Typography color="text.secondary">{`Vencimento ${formatarDia(pagamento.vencimento)}`}</Typography>
            </Box>
            {pago ? (
              <Alert icon={<CheckCircleIcon />} severity="success" role="status">
                {`Pagamento confirmado${pagamento.pagoEm ? ` em ${formatarDataHora(pagamento.pagoEm)}` : ''}. Obrigado!`}
              </Alert>
            ) : pagamento.debitoAutomatico && emAberto(pagamento.situacao) ? (
              <Alert severity="info">{`Esta cobrança é debitada da sua conta pelo Pix Automático em ${formatarDia(pagamento.vencimento)}.`}</Alert>
            ) : codigo ? (
              <>
                <QrCodePix
                  codigo={codigo}
                  descricao={`QR code do Pix de ${formatarCentavos(pagamento.valorCentavos)} para ${pagamento.pet}`}
                />
                <Typography variant="body2" color="text.secondary">
                  Abra o app do seu banco, escolha Pix e leia o QR code, ou copie o código abaixo e cole em Pix copia e cola.
                </Typography>
                <TextField
                  label="Pix copia e cola"
                  value={codigo}
                  fullWidth
                  multiline
                  maxRows={4}
                  inputRef={campo}
                  slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
                  onFocus={(e) => e.target.select()}
                />
                <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copiar()} sx={{ minHeight: 44 }}>
                  Copiar código
                </Button>
                <Typography role="status" variant="body2" sx={{ minHeight: '1.5em' }}>
                  {aviso ?? ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  Esta tela se atualiza sozinha quando o pagamento for confirmado.
                </Typography>
              </>
            ) : (
              <Alert severity="info">Esta cobrança não está mais em aberto.</Alert>
            )}
          </Stack>
        )}
      </DialogContent>
      {!celular && (
        <DialogActions>
          <Button onClick={fechar}>{pago ? 'Concluir' : 'Fechar'}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
