import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { temPermissao, type Permissao } from '@rastro/shared/roles';
import { SemAcesso } from '@/components/SemAcesso';
import { landingPath, safeRedirect } from '@/lib/landing';
import { clearSession, effectiveUser, isLoggedIn, useSession } from '@/lib/session';
import { paths } from '@/paths';

/**
 * Auth screens: a logged user goes to where they first wanted to go, else to their landing page.
 * Stale user data without a token is cleared on entry.
 */
export function PublicOnly() {
  const session = useSession();
  const [params] = useSearchParams();
  const logged = isLoggedIn(session);
  const stale = !logged && (session.usuario !== null || session.emulacao !== null);

  useEffect(() => {
    if (stale) clearSession();
  }, [stale]);

  if (logged) {
    const target = safeRedirect(params.get('redirect')) ?? landingPath(effectiveUser(session));
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** The private area: without a session, the login, remembering where the user was going. */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (!isLoggedIn(session)) {
    const origin = safeRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={paths.auth.login.getHref(origin)} replace />;
  }
  return <Outlet />;
}

/** '/' and '/admin': clients land on the map, everyone else on the dashboard; visitors on the login. */
export function HomeRedirect() {
  const session = useSession();
  if (!isLoggedIn(session)) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Navigate to={landingPath(effectiveUser(session))} replace />;
}

/** The dashboard is not for clients: they go to the map. */
export function ClientToMap() {
  const session = useSession();
  if (effectiveUser(session)?.isClient) return <Navigate to={paths.user.mapa.getHref()} replace />;
  return <Outlet />;
}

/**
 * A route the user has no permission for says so, with the way home (the spec's blank page left a
 * client who followed an admin link with nothing to do).
 */
export function RequireRoles({ roles }: { roles: readonly Permissao[] }) {
  const user = effectiveUser(useSession());
  return user && temPermissao(user.authorities, roles) ? <Outlet /> : <SemAcesso />;
}
