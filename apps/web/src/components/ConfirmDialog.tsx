import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';

// The dialog's code (MUI Dialog and friends) loads on the first request: no screen needs it at start.
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

export interface ConfirmOptions {
  message: string;
  /** Optional heading above the message. */
  title?: string;
  /** Default 'Sim' (spec wording). */
  confirmText?: string;
  /** Default 'Não' (the spec's word). */
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

  const close = useCallback(
    (ok: boolean) => {
      if (!open) return;
      pending?.resolve(ok);
      setOpen(false);
    },
    [open, pending],
  );

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending && (
        <Suspense fallback={null}>
          <ConfirmDialogView open={open} shown={pending} onClose={close} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `await confirm({ message })` → true on 'Sim', false on 'Não', Escape or a click outside. */
export function useConfirm(): ConfirmFn {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm() precisa do ConfirmProvider (app/providers.tsx).');
  return confirm;
}
