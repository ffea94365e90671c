import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG } from '@rastro/shared/messages';
import { Spinner } from '@/components/Spinner';
import { checkToken } from '@/features/auth/api/check-token';
import { isApiError } from '@/lib/api-error';
import { mostrarSucesso, mostrarAviso } from '@/lib/snackbar';
import {
  CHAVE_DA_SESSAO,
  encerrarSessao,
  confirmarSessao,
  lerSessao,
  isLoggedIn,
  markTokenChecked,
  recarregarSessao,
  useSessao,
} from '@/lib/sessao';
import { paths } from '@/paths';

let inflight: { token: string; promise: ReturnType<typeof checkToken> } | null = null;

/** One /oauth/check_token per token, even when effects run twice. */
function checkOnce(token: string) {
  if (inflight?.token !== token) {
    const promise = checkToken(token).finally(() => {
      if (inflight?.promise === promise) inflight = null;
    });
    inflight = { token, promise };
  }
  return inflight.promise;
}

/** At start, a stored token is checked; a rejected one logs out and rewrites the address to the login. */
function useTokenCheck() {
  const sessao = useSessao();
  const [forceLogin, setForceLogin] = useState(false);
  const checking = sessao.token !== null && !sessao.tokenChecked;

  useEffect(() => {
    const token = sessao.token;
    if (!checking || token === null) return;
    checkOnce(token)
      .then((usuario) => {
        if (lerSessao().token === token) confirmarSessao(usuario);
      })
      .catch((e: unknown) => {
        if (lerSessao().token !== token) return;
        if (isApiError(e) && e.status >= 400 && e.status < 500) {
          encerrarSessao();
          setForceLogin(true);
        } else {
          // The server did not answer: keep the session; the next call will tell.
          markTokenChecked();
        }
      });
  }, [checking, sessao.token]);

  const clearForceLogin = useCallback(() => setForceLogin(false), []);
  return { checking, forceLogin, clearForceLogin };
}

function useOnlineStatusNotice() {
  useEffect(() => {
    const offline = () => mostrarAviso(MSG.offline);
    const online = () => mostrarSucesso(MSG.online);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
}

/** A login or logout in another tab applies here too. */
function useSessaoEntreAbas() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === CHAVE_DA_SESSAO || e.key === null) recarregarSessao();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/** The root route: session check, offline notice, sessions of other tabs. */
export function AppRoot() {
  const { checking, forceLogin, clearForceLogin } = useTokenCheck();
  const sessao = useSessao();
  const location = useLocation();
  const atLogin = location.pathname === paths.auth.login.path;
  useOnlineStatusNotice();
  useSessaoEntreAbas();

  useEffect(() => {
    if (forceLogin && atLogin) clearForceLogin();
  }, [forceLogin, atLogin, clearForceLogin]);

  // A stored session draws its screens while its token is checked (one round trip that used to hold
  // every private screen back: on a phone, the map's kept markers waited for it, ADR 0022); a
  // rejected token then logs out and goes to the login, as before.
  if (checking && !isLoggedIn(sessao)) return <Spinner label="Verificando a sessão..." fullPage />;
  if (forceLogin && !atLogin) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Outlet />;
}
