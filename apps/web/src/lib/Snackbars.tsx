import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { SNACKBAR_MS } from '@rastro/shared/constants';
import { conectarSnackbars } from './notify';

/** The snackbar host (notistack), beside the app rather than around it, so it can load later. */
export default function Snackbars() {
  // The provider below is constructed (and notistack's enqueueSnackbar bound) before this effect runs.
  useEffect(() => {
    conectarSnackbars((message, variant) => enqueueSnackbar(message, { variant }));
    return () => conectarSnackbars(undefined);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={SNACKBAR_MS}
      preventDuplicate
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={(key) => (
        <IconButton aria-label="Fechar" color="inherit" size="small" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
