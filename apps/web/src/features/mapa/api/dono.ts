import type { Sessao } from '@/lib/sessao';

/**
 * Whose map this is: the logged user, and the user they emulate (an administrator acting as a
 * client sees the client's pets, not their own). Null when nobody is logged in. What the map keeps
 * in the browser (marcadores-guardados.ts, vista-guardada.ts) is read back only by the same one.
 */
export function donoDaSessao(s: Pick<Sessao, 'usuario' | 'emulacao'>): string | null {
  if (!s.usuario) return null;
  return s.emulacao ? `${s.usuario.usuarioId}:${s.emulacao.usuarioId}` : String(s.usuario.usuarioId);
}
