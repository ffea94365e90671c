import { useEffect, useSyncExternalStore } from 'react';
import { appConfigSchema, type AppConfig } from '@rastro/shared/schemas/config';
import { apiRequest } from './api-client';

/** GET /api/config: captcha provider, map tiles and the version (public, fetched once). */
export const getAppConfig = () => apiRequest('/api/config', appConfigSchema, { auth: false });

/**
 * The configuration does not change while the page is open and is the same for every user, so
 * it lives here, outside the query cache: the login screen needs it (its captcha) and does not
 * load the query library. One request however many components ask; a failure can be retried.
 */
interface EstadoAppConfig {
  data: AppConfig | undefined;
  isError: boolean;
}

let estado: EstadoAppConfig = { data: undefined, isError: false };
let pedido: Promise<AppConfig> | null = null;
const ouvintes = new Set<() => void>();

function definir(novo: EstadoAppConfig) {
  estado = novo;
  for (const o of ouvintes) o();
}

/** Loads the configuration once; after a failure, the next call asks again. */
function carregarAppConfig(): Promise<AppConfig> {
  pedido ??= getAppConfig().then(
    (data) => {
      definir({ data, isError: false });
      return data;
    },
    (e: unknown) => {
      pedido = null;
      definir({ data: undefined, isError: true });
      throw e;
    },
  );
  return pedido;
}

function inscrever(ouvinte: () => void) {
  ouvintes.add(ouvinte);
  return () => ouvintes.delete(ouvinte);
}

const ler = () => estado;

/** The configuration, loading it on first use. `refetch` asks again after an error. */
export function useAppConfig() {
  const { data, isError } = useSyncExternalStore(inscrever, ler, ler);
  useEffect(() => {
    // The screens show the error themselves (the login's captcha, with 'Tentar novamente').
    if (!estado.data && !estado.isError) carregarAppConfig().catch(() => undefined);
  }, []);
  return {
    data,
    isError,
    refetch: () => {
      definir({ data: undefined, isError: false });
      return carregarAppConfig().catch(() => undefined);
    },
  };
}

/** Forgets the configuration (tests: each starts as a fresh page). */
export function esquecerAppConfig() {
  pedido = null;
  estado = { data: undefined, isError: false };
}
