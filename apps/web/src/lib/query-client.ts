import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { MSG } from '@rastro/shared/messages';
import { ApiError } from './api-error';
import { mostrarErro } from './snackbar';
import { lerSessao, observarSessao } from './sessao';

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: Error;
    /** Queries report failures in a snackbar unless `false` (the screen shows it); a string replaces the text. */
    queryMeta: { errorMessage?: string | false };
    /** Mutations report only when asked: `true` = the mapped server message, a string = that text. */
    mutationMeta: { errorMessage?: string | true };
  }
}

function report(error: Error, override?: string) {
  if (error instanceof ApiError && error.handled) return;
  mostrarErro(override ?? (error instanceof ApiError ? error.message : MSG.servicoIndisponivel));
}

const isClientError = (e: Error) => e instanceof ApiError && e.status >= 400 && e.status < 500;

export function createQueryClient(opts: { retry?: boolean } = {}): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        const m = query.meta?.errorMessage;
        if (m !== false) report(error, m);
      },
    }),
    // Forms place their errors themselves, so mutations report only when they opt in.
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        const m = mutation.meta?.errorMessage;
        if (m !== undefined) report(error, m === true ? undefined : m);
      },
    }),
    defaultOptions: {
      queries: {
        retry: opts.retry === false ? false : (count, error) => !isClientError(error) && count < 2,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
}

/** Drops cached answers when the user changes (logout, another login, another tab), so the next user never sees them. */
export function esquecerAoTrocarDeUsuario(client: QueryClient): () => void {
  let antes = lerSessao().usuario?.usuarioId ?? null;
  return observarSessao(() => {
    const agora = lerSessao().usuario?.usuarioId ?? null;
    if (antes !== null && agora !== antes) client.removeQueries();
    antes = agora;
  });
}

let doApp: QueryClient | undefined;

/** The app's one query cache, created with the first screen that fetches through it. */
export function queryClientDoApp(): QueryClient {
  if (!doApp) {
    doApp = createQueryClient();
    esquecerAoTrocarDeUsuario(doApp);
  }
  return doApp;
}
