import CloseIcon from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import { styled } from '@mui/material/styles';
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { SNACKBAR_MS } from '@rastro/shared/constants';
import { conectarSnackbars } from './snackbar';

/**
 * notistack's own colours put white text on light green, blue and orange (3:1 and less): darker
 * shades keep every message at 4.5:1 or more (WCAG 1.4.3).
 */
const Conteudo = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: '#2e7d32' },
  '&.notistack-MuiContent-error': { backgroundColor: '#c62828' },
  '&.notistack-MuiContent-warning': { backgroundColor: '#a04000' },
  '&.notistack-MuiContent-info': { backgroundColor: '#01579b' },
});
const CONTEUDOS = { default: Conteudo, success: Conteudo, error: Conteudo, warning: Conteudo, info: Conteudo };

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
      Components={CONTEUDOS}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      action={(key) => (
        <IconButton aria-label="Fechar" color="inherit" size="small" onClick={() => closeSnackbar(key)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    />
  );
}
