import { paths } from '@/paths';
import type { UsuarioEfetivo } from './sessao';

/** Where a logged user lands: the map for clients, the dashboard for everyone else. */
export const landingPath = (usuario: Pick<UsuarioEfetivo, 'isClient'> | null): string =>
  usuario?.isClient ? paths.user.mapa.getHref() : paths.admin.dashboard.getHref();

/** Accepts only internal paths as a post-login destination (no open redirects). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.startsWith(paths.auth.login.path) || value.startsWith(paths.admin.logout.path)) return null;
  return value;
}
