import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { COOKIE_DIAS, TOKEN_COOKIE } from '@rastro/shared/constants';
import { sessaoUsuarioSchema, type SessaoUsuario, type TokenResponse } from '@rastro/shared/schemas/auth';
import { deleteCookie, getCookie, setCookie } from './cookies';
import { DADOS_LOCAIS_DO_USUARIO, CHAVE_DA_SESSAO } from './dados-locais';

/**
 * The login state (spec §4, §9): the token lives in the `rastro_token` cookie, who is logged in
 * (and whom they emulate) in localStorage. `tokenChecked` is memory only, so every start checks
 * the token again.
 */

export { DADOS_LOCAIS_DO_USUARIO, CHAVE_DA_SESSAO };

const emulacaoSchema = z.object({
  usuarioId: z.int(),
  nome: z.string(),
  authorities: z.array(z.string()),
  isClient: z.boolean(),
});
export type Emulacao = z.infer<typeof emulacaoSchema>;

const persistidoSchema = z.object({
  usuario: sessaoUsuarioSchema,
  emulacao: z.nullable(emulacaoSchema),
});

export interface Sessao {
  token: string | null;
  usuario: SessaoUsuario | null;
  emulacao: Emulacao | null;
  tokenChecked: boolean;
}

/** Whose rights apply now: the emulated user's while emulating, else the logged user's. */
export interface UsuarioEfetivo {
  usuarioId: number;
  nome: string;
  authorities: readonly string[];
  isClient: boolean;
}

function readPersisted(): Pick<Sessao, 'usuario' | 'emulacao'> {
  try {
    const raw = window.localStorage.getItem(CHAVE_DA_SESSAO);
    if (!raw) return { usuario: null, emulacao: null };
    const parsed = persistidoSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : { usuario: null, emulacao: null };
  } catch {
    return { usuario: null, emulacao: null };
  }
}

function writePersisted(s: Sessao) {
  if (!s.usuario) {
    window.localStorage.removeItem(CHAVE_DA_SESSAO);
    return;
  }
  window.localStorage.setItem(CHAVE_DA_SESSAO, JSON.stringify({ usuario: s.usuario, emulacao: s.emulacao }));
}

const readInitial = (): Sessao => ({ token: getCookie(TOKEN_COOKIE), ...readPersisted(), tokenChecked: false });

let state: Sessao = readInitial();
const listeners = new Set<() => void>();

function setState(next: Sessao, persist = true) {
  state = next;
  if (persist) writePersisted(next);
  for (const l of listeners) l();
}

export const lerSessao = (): Sessao => state;
export const getToken = (): string | null => state.token;

export function observarSessao(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSessao = (): Sessao => useSyncExternalStore(observarSessao, lerSessao, lerSessao);

export const isLoggedIn = (s: Sessao): boolean => s.token !== null && s.usuario !== null;

export function usuarioEfetivo(s: Sessao): UsuarioEfetivo | null {
  if (!s.usuario) return null;
  return s.emulacao ?? s.usuario;
}

/** After /oauth/token: store the token and who logged in; any old emulation ends. */
export function iniciarSessao(t: TokenResponse) {
  setCookie(TOKEN_COOKIE, t.access_token, { days: COOKIE_DIAS });
  const { usuarioId, nome, email, authorities, isClient } = t;
  setState({ token: t.access_token, usuario: { usuarioId, nome, email, authorities, isClient }, emulacao: null, tokenChecked: true });
}

/** After /oauth/check_token: refresh who is logged in (their rights may have changed). */
export function confirmarSessao(u: SessaoUsuario) {
  const { usuarioId, nome, email, authorities, isClient } = u;
  setState({ ...state, usuario: { usuarioId, nome, email, authorities, isClient }, tokenChecked: true });
}

/** The check could not reach the server: keep what we have, do not check again. */
export function markTokenChecked() {
  setState({ ...state, tokenChecked: true });
}

export function iniciarEmulacao(emulacao: Emulacao) {
  setState({ ...state, emulacao });
}

export function encerrarEmulacao() {
  setState({ ...state, emulacao: null });
}

/** Logout: token, emulation, persisted state and the user's local data all go. */
export function encerrarSessao() {
  deleteCookie(TOKEN_COOKIE);
  for (const chave of Object.values(DADOS_LOCAIS_DO_USUARIO)) window.localStorage.removeItem(chave);
  setState({ token: null, usuario: null, emulacao: null, tokenChecked: false });
}

/** Re-reads cookie and storage (another tab logged in or out; tests). */
export function recarregarSessao() {
  setState(readInitial(), false);
}
