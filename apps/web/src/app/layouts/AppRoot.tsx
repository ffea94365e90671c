import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG } from '@rastro/shared/messages';
import { Spinner } from '@/components/Spinner';
import { checkToken } from '@/features/auth/api/check-token';
import { isApiError } from '@/lib/api-error';
import { notifySuccess, notifyWarning } from '@/lib/notify';
import {
  SESSION_STORAGE_KEY,
  clearSession,
  confirmSession,
  getSession,
  isLoggedIn,
  markTokenChecked,
  reloadSession,
  useSession,
} from '@/lib/session';
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
  const session = useSession();
  const [forceLogin, setForceLogin] = useState(false);
  const checking = session.token !== null && !session.tokenChecked;

  useEffect(() => {
    const token = session.token;
    if (!checking || token === null) return;
    checkOnce(token)
      .then((usuario) => {
        if (getSession().token === token) confirmSession(usuario);
      })
      .catch((e: unknown) => {
        if (getSession().token !== token) return;
        if (isApiError(e) && e.status >= 400 && e.status < 500) {
          clearSession();
          setForceLogin(true);
        } else {
          // The server did not answer: keep the session; the next call will tell.
          markTokenChecked();
        }
      });
  }, [checking, session.token]);

  const clearForceLogin = useCallback(() => setForceLogin(false), []);
  return { checking, forceLogin, clearForceLogin };
}

function useOnlineStatusNotice() {
  useEffect(() => {
    const offline = () => notifyWarning(MSG.offline);
    const online = () => notifySuccess(MSG.online);
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, []);
}

/** A login or logout in another tab applies here too. */
function useCrossTabSession() {
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === SESSION_STORAGE_KEY || e.key === null) reloadSession();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}

/** The root route: session check, offline notice, sessions of other tabs. */
export function AppRoot() {
  const { checking, forceLogin, clearForceLogin } = useTokenCheck();
  const session = useSession();
  const location = useLocation();
  const atLogin = location.pathname === paths.auth.login.path;
  useOnlineStatusNotice();
  useCrossTabSession();

  useEffect(() => {
    if (forceLogin && atLogin) clearForceLogin();
  }, [forceLogin, atLogin, clearForceLogin]);

  // A stored session draws its screens while its token is checked (one round trip that used to hold
  // every private screen back: on a phone, the map's kept markers waited for it, ADR 0022); a
  // rejected token then logs out and goes to the login, as before.
  if (checking && !isLoggedIn(session)) return <Spinner label="Verificando a sessão..." fullPage />;
  if (forceLogin && !atLogin) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Outlet />;
}
