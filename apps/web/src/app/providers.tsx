import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ConfirmProvider } from '@/components/ConfirmDialog';
import { theme } from './theme';

// notistack is not needed to draw the first screen: it loads beside it (lib/notify.ts keeps early messages).
const Snackbars = lazy(() => import('@/lib/Snackbars'));

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** Theme (pt-BR), snackbars (7 s), query cache, confirm dialog. The router goes inside. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <ConfirmProvider>{children}</ConfirmProvider>
      </QueryClientProvider>
      <Suspense fallback={null}>
        <Snackbars />
      </Suspense>
    </ThemeProvider>
  );
}
