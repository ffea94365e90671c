import { enqueueSnackbar } from 'notistack';

/** Snackbars (notistack; the provider in app/providers.tsx sets 7 s and aria-live). */
export const notifyError = (message: string) => enqueueSnackbar(message, { variant: 'error' });
export const notifySuccess = (message: string) => enqueueSnackbar(message, { variant: 'success' });
export const notifyWarning = (message: string) => enqueueSnackbar(message, { variant: 'warning' });
export const notifyInfo = (message: string) => enqueueSnackbar(message, { variant: 'info' });
