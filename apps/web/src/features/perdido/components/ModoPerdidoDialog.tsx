import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { MODO_PERDIDO } from '@rastro/shared/constants';
import { notificacaoModoPerdidoInicio } from '@rastro/shared/messages';
import { modoPerdidoFormSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { Form } from '@/components/form/Form';
import { SelectControl } from '@/components/form/SelectControl';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useAlterarModoPerdido } from '../api/alterar-modo-perdido';
import { mensagemDeErro } from '@/lib/api-error';
import { horaDoFim, OPCOES_HORAS_PERDIDO } from './formatar';

/** The pet whose lost mode is turned on: the owner's link and its name. */
export interface PetAlvo {
  id: number;
  descricao: string;
}

interface ModoPerdidoDialogProps {
  pet: PetAlvo;
  open: boolean;
  onClose: () => void;
}

/** Turns lost mode on for 1 to 24 hours (default 6), saying what it costs. */
export function ModoPerdidoDialog({ pet, open, onClose }: ModoPerdidoDialogProps) {
  const titleId = useId();
  const descId = useId();
  const alterar = useAlterarModoPerdido();

  const ativar = async (horas: number) => {
    try {
      const r = await alterar.mutateAsync({ id: pet.id, ativo: true, horas });
      mostrarSucesso(notificacaoModoPerdidoInicio(r.descricao, r.modoPerdido ? horaDoFim(r.modoPerdido.ate) : ''));
      onClose();
    } catch (e) {
      const m = mensagemDeErro(e, 'Erro ao ativar o modo perdido, tente novamente.');
      if (m) mostrarErro(m);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={() => !alterar.isPending && onClose()}
      aria-labelledby={titleId}
      aria-describedby={descId}
      maxWidth="xs"
      fullWidth
    >
      <Form
        schema={modoPerdidoFormSchema}
        defaultValues={{ ativo: true, horas: MODO_PERDIDO.horasPadrao }}
        onSubmit={(v) => ativar(v.horas)}
        aria-labelledby={titleId}
      >
        {(form) => (
          <>
            <DialogTitle id={titleId}>Ativar modo perdido</DialogTitle>
            <DialogContent>
              <Stack spacing={2}>
                <DialogContentText id={descId}>
                  {`${pet.descricao}: o rastreador vai enviar a posição a cada ~${MODO_PERDIDO.localizarACadaSegundos} segundos; isso gasta mais bateria.`}
                </DialogContentText>
                <Alert severity="info">
                  Enquanto estiver ativo, o modo de bateria fica bloqueado. Ao terminar, o rastreador volta ao modo e ao intervalo de antes.
                </Alert>
                <SelectControl control={form.control} name="horas" label="Duração" options={OPCOES_HORAS_PERDIDO} sx={{ mt: 1 }} />
              </Stack>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} variant="outlined" disabled={alterar.isPending}>
                Cancelar
              </Button>
              <Button type="submit" variant="contained" color="error" loading={alterar.isPending}>
                Ativar
              </Button>
            </DialogActions>
          </>
        )}
      </Form>
    </Dialog>
  );
}
