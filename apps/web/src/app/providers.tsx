import CssBaseline from '@mui/material/CssBaseline';
// @mui/system's provider, the one @mui/material's picks for a theme without CSS variables such as
// ours, without the CSS-variables provider @mui/material's also brings (3 kB of the login's gzip).
import { ThemeProvider } from '@mui/system';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { ConfirmProvider } from '@/components/ConfirmDialog';
import { QueryClientDado } from './query-client-context';
import { theme } from './theme';

// notistack is not needed to draw the first screen: it loads beside it (lib/snackbar.ts keeps early messages).
const Snackbars = lazy(() => import('@/lib/Snackbars'));

interface AppProvidersProps {
  /** The query cache to use instead of the app's (tests give each render its own). */
  queryClient?: QueryClient;
  children: ReactNode;
}

/**
 * Theme (pt-BR), snackbars (7 s), confirm dialog. The router goes inside; the query cache is
 * the data layout's (app/layouts/DadosLayout.tsx), below the login.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientDado value={queryClient}>
        <ConfirmProvider>{children}</ConfirmProvider>
      </QueryClientDado>
      <Suspense fallback={null}>
        <Snackbars />
      </Suspense>
    </ThemeProvider>
  );
}
