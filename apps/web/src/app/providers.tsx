import CloseIcon from '@mui/icons-material/Close';
import CssBaseline from '@mui/material/CssBaseline';
import IconButton from '@mui/material/IconButton';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { closeSnackbar, SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { SNACKBAR_MS } from '@rastro/shared/constants';
import { ConfirmProvider } from '@/components/ConfirmDialog';
import { theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme (pt-BR), snackbars (7 s), query cache, confirm dialog. The router goes inside. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
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
      >
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>{children}</ConfirmProvider>
        </QueryClientProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
