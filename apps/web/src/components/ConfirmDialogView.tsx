import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import type { ConfirmOptions } from './ConfirmDialog';

interface ConfirmDialogViewProps {
  open: boolean;
  /** The last request; it stays after closing, so the text does not vanish during the closing transition. */
  shown: ConfirmOptions;
  onClose: (ok: boolean) => void;
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
          {shown.message}
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
