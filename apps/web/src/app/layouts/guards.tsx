import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { temPermissao, type Permissao } from '@rastro/shared/permissoes';
import { SemAcesso } from '@/components/SemAcesso';
import { landingPath, safeRedirect } from '@/lib/landing';
import { encerrarSessao, usuarioEfetivo, isLoggedIn, useSessao } from '@/lib/sessao';
import { paths } from '@/paths';

/**
 * Auth screens: a logged user goes to where they first wanted to go, else to their landing page.
 * Stale user data without a token is cleared on entry.
 */
export function PublicOnly() {
  const sessao = useSessao();
  const [params] = useSearchParams();
  const logged = isLoggedIn(sessao);
  const stale = !logged && (sessao.usuario !== null || sessao.emulacao !== null);

  useEffect(() => {
    if (stale) encerrarSessao();
  }, [stale]);

  if (logged) {
    const target = safeRedirect(params.get('redirect')) ?? landingPath(usuarioEfetivo(sessao));
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/** The private area: without a session, the login, remembering where the user was going. */
export function RequireAuth() {
  const sessao = useSessao();
  const location = useLocation();
  if (!isLoggedIn(sessao)) {
    const origin = safeRedirect(`${location.pathname}${location.search}${location.hash}`);
    return <Navigate to={paths.auth.login.getHref(origin)} replace />;
  }
  return <Outlet />;
}

/** '/' and '/admin': clients land on the map, everyone else on the dashboard; visitors on the login. */
export function HomeRedirect() {
  const sessao = useSessao();
  if (!isLoggedIn(sessao)) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <Navigate to={landingPath(usuarioEfetivo(sessao))} replace />;
}

/** The dashboard is not for clients: they go to the map. */
export function ClienteParaMapa() {
  const sessao = useSessao();
  if (usuarioEfetivo(sessao)?.isClient) return <Navigate to={paths.user.mapa.getHref()} replace />;
  return <Outlet />;
}

/**
 * A route the user has no permission for says so, with the way home (the spec's blank page left a
 * client who followed an admin link with nothing to do).
 */
export function ExigirPermissoes({ permissoes }: { permissoes: readonly Permissao[] }) {
  const usuario = usuarioEfetivo(useSessao());
  return usuario && temPermissao(usuario.authorities, permissoes) ? <Outlet /> : <SemAcesso />;
}
