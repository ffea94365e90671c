import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { createContext, useCallback, useContext, useId, useState, type ReactNode } from 'react';

export interface ConfirmOptions {
  message: string;
  /** Optional heading above the message. */
  title?: string;
  /** Default 'Sim' (spec wording). */
  confirmText?: string;
  /** Default 'Nao' (spec wording). */
  cancelText?: string;
}

export type ConfirmFn = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<ConfirmFn | null>(null);

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

/** Mounted once in app/providers.tsx; `useConfirm()` opens its dialog. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  // The last request stays after closing, so the text does not vanish during the closing transition.
  const [pending, setPending] = useState<Pending | null>(null);
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const messageId = useId();

  const confirm = useCallback<ConfirmFn>(
    (options) =>
      new Promise<boolean>((resolve) => {
        setPending((current) => {
          current?.resolve(false);
          return { ...options, resolve };
        });
        setOpen(true);
      }),
    [],
  );

  const close = (ok: boolean) => {
    if (!open) return;
    pending?.resolve(ok);
    setOpen(false);
  };
  const shown = pending;

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog
        open={open}
        onClose={() => close(false)}
        aria-labelledby={shown?.title ? titleId : messageId}
        aria-describedby={shown?.title ? messageId : undefined}
        maxWidth="xs"
        fullWidth
      >
        {shown?.title && <DialogTitle id={titleId}>{shown.title}</DialogTitle>}
        <DialogContent>
          <DialogContentText id={messageId} sx={{ pt: shown?.title ? 0 : 1 }}>
            {shown?.message}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => close(false)} variant="outlined">
            {shown?.cancelText ?? 'Nao'}
          </Button>
          <Button onClick={() => close(true)} variant="contained" autoFocus>
            {shown?.confirmText ?? 'Sim'}
          </Button>
        </DialogActions>
      </Dialog>
    </ConfirmContext.Provider>
  );
}

/** `await confirm({ message })` → true on 'Sim', false on 'Nao', Escape or a click outside. */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() precisa do ConfirmProvider (app/providers.tsx).');
  return confirm;
}
