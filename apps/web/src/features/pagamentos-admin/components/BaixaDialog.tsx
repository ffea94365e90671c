import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { formatarCentavos, formatarDia } from '@rastro/shared/formatters';
import { baixaFormSchema, type PagamentoAdmin } from '@rastro/shared/schemas/pagamentos';
import { PLANO } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { Form } from '@/components/form/Form';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { mensagemDeErro } from '@/lib/api-error';
import { mostrarSucesso } from '@/lib/snackbar';
import { useDarBaixa } from '../api/dar-baixa';

const schema = z.pick(baixaFormSchema, { observacao: true });

/** Settles a charge by hand: why (required, audited), then the charge is paid and its owner gets the receipt. */
export function BaixaDialog({ cobranca, onClose }: { cobranca: PagamentoAdmin | null; onClose: () => void }) {
  const titleId = useId();
  const formId = useId();
  const baixa = useDarBaixa();
  const [erro, setErro] = useState<string | null>(null);

  const fechar = () => {
    setErro(null);
    onClose();
  };

  return (
    <Dialog open={cobranca !== null} onClose={fechar} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Dar baixa</DialogTitle>
      <DialogContent>
        {cobranca && (
          <Form
            schema={schema}
            defaultValues={{ observacao: '' }}
            id={formId}
            aria-labelledby={titleId}
            onSubmit={async ({ observacao }) => {
              setErro(null);
              try {
                await baixa.mutateAsync({ id: cobranca.id, observacao });
                mostrarSucesso(MSG.baixaRegistrada);
                fechar();
              } catch (e) {
                setErro(mensagemDeErro(e, MSG.erroDarBaixa));
              }
            }}
          >
            {({ control }) => (
              <Stack spacing={2} sx={{ pt: 1 }}>
                <DialogContentText>
                  {`${cobranca.pet} — ${formatarCentavos(cobranca.valorCentavos)}, vencimento ${formatarDia(cobranca.vencimento)}, de ${cobranca.usuarioNome}. Confira o Pix no extrato pelo identificador ${cobranca.txid} antes de dar a baixa.`}
                </DialogContentText>
                <TextFieldControl
                  control={control}
                  name="observacao"
                  label="Observação"
                  required
                  autoFocus
                  multiline
                  minRows={2}
                  uppercase={false}
                  maxLength={PLANO.descricaoMax}
                  placeholder="Ex.: conferido no extrato do dia 12/03"
                />
                {erro && <Alert severity="error">{erro}</Alert>}
              </Stack>
            )}
          </Form>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={fechar}>Cancelar</Button>
        <Button type="submit" form={formId} variant="contained" disabled={baixa.isPending}>
          Confirmar baixa
        </Button>
      </DialogActions>
    </Dialog>
  );
}
