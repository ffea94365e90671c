import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import type { ConfirmOptions } from './ConfirmDialog';

interface ConfirmDialogViewProps {
  open: boolean;
  /** The last request; it stays after closing, so the text does not vanish during the closing transition. */
  shown: ConfirmOptions;
  onClose: (ok: boolean) => void;
}

/** A phone number as the screens write it: '(11) 9 8765-4321', '(11) 3000-0000'. */
const TELEFONE = /\(\d{2}\) (?:\d )?\d{4}-\d{4}/g;

/** The message with each phone number kept on one line (a narrow dialog broke them at the hyphen). */
function semQuebrarTelefones(texto: string): ReactNode[] {
  const partes: ReactNode[] = [];
  let desde = 0;
  for (const m of texto.matchAll(TELEFONE)) {
    // Inline said outright: the accessible name then reads it without spaces around (as a browser does).
    partes.push(
      texto.slice(desde, m.index),
      <span key={m.index} style={{ display: 'inline', whiteSpace: 'nowrap' }}>
        {m[0]}
      </span>,
    );
    desde = m.index + m[0].length;
  }
  partes.push(texto.slice(desde));
  return partes;
}

/** The dialog of ConfirmProvider, in its own chunk. */
export default function ConfirmDialogView({ open, shown, onClose }: ConfirmDialogViewProps) {
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog
      open={open}
      onClose={() => onClose(false)}
      aria-labelledby={shown.title ? titleId : messageId}
      aria-describedby={shown.title ? messageId : undefined}
      maxWidth="xs"
      fullWidth
    >
      {shown.title && <DialogTitle id={titleId}>{shown.title}</DialogTitle>}
      <DialogContent>
        <DialogContentText id={messageId} sx={{ pt: shown.title ? 0 : 1 }}>
          {semQuebrarTelefones(shown.message)}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)} variant="outlined">
          {shown.cancelText ?? 'Não'}
        </Button>
        <Button onClick={() => onClose(true)} variant="contained" autoFocus>
          {shown.confirmText ?? 'Sim'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
