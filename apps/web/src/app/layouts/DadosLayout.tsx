import { QueryClientProvider } from '@tanstack/react-query';
import { useContext } from 'react';
import { Outlet } from 'react-router';
import { queryClientDoApp } from '@/lib/query-client';
import { QueryClientDado } from '../query-client-context';

/**
 * The query cache for every screen that fetches through it: all but the login, which calls the
 * API directly and so draws without loading the query library (the login route's budget, bench/web).
 * A lazy layout route; the cache itself outlives it (one per app), so moving between screens keeps it.
 */
export function DadosLayout() {
  const dado = useContext(QueryClientDado);
  return (
    <QueryClientProvider client={dado ?? queryClientDoApp()}>
      <Outlet />
    </QueryClientProvider>
  );
}
