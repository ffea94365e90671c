import { EMULACAO_HEADER, ID_MAX, TOKEN_COOKIE } from '@rastro/shared/constants';
import { PER, temPermissao, type Permissao } from '@rastro/shared/permissoes';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { acessoNegado, ErroDaApi, naoAutenticado, naoEncontrado } from '../lib/erros';
import { sha256 } from '../lib/cripto';
import { MSG } from '@rastro/shared/messages';
import { CANAL_SESSOES, CacheDeSessoes, type SessaoDoToken, type UsuarioSessao } from './cache-de-sessoes';
import './infra';

/**
 * Where sessions come from: the modules that own tokens, users and the audit trail provide it
 * (modules/auth/sessoes.ts); this plugin only decides who a request acts as.
 */
export interface FonteDeSessoes {
  /** The user behind a live (not revoked, not expired) token hash, with the token's expiry. */
  porToken(tokenHash: string): Promise<(UsuarioSessao & { expiraEm: Date }) | undefined>;
  /** Which of these token hashes are live for an active user, in one lookup. */
  vivas(tokenHashes: readonly string[]): Promise<Set<string>>;
  /** A user by id (the target of an emulation). */
  usuario(id: number): Promise<UsuarioSessao | undefined>;
  /** Whom an administrator may act as. */
  emulavel(u: UsuarioSessao): boolean;
  /** Records one emulated request. */
  auditarEmulacao(e: { usuarioId: number; emuladorId: number; metodo: string; rota: string; ip: string }): Promise<void>;
}

/** Who the request acts as. With emulation, the emulated user plus the emulator's id. */
export interface Principal {
  usuarioId: number;
  nome: string;
  email: string;
  authorities: string[];
  isClient: boolean;
  /** The administrator acting as this user, when emulating. */
  emuladorId?: number;
  /** SHA-256 of the bearer token (to revoke it on logout). */
  tokenHash: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

/** The session token in the web app's cookie (TOKEN_COOKIE), if the request carries one. */
export function tokenDoCookie(req: FastifyRequest): string | undefined {
  const cookies = req.headers.cookie;
  if (!cookies) return undefined;
  for (const parte of cookies.split(';')) {
    const i = parte.indexOf('=');
    if (i < 0 || parte.slice(0, i).trim() !== TOKEN_COOKIE) continue;
    try {
      return decodeURIComponent(parte.slice(i + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The user behind a token, when the token is live and the user active (always asks the database). */
export async function resolverToken(fonte: FonteDeSessoes, token: string): Promise<SessaoDoToken | undefined> {
  if (token.length > 200) return undefined;
  const tokenHash = sha256(token);
  const r = await fonte.porToken(tokenHash);
  if (!r?.situacao) return undefined;
  const { expiraEm, ...usuario } = r;
  return { usuario, tokenHash, expiraEm };
}

/**
 * Adds who the request acts as to its log lines: into the request's own pino logger
 * (`setBindings`, also seen by `reply.log`), not a child of it, which costs garbage in old space
 * on every request (docs/adr/0007-flags-do-v8.md). Without a per-request logger (logging
 * disabled), a child.
 */
function comQuem(req: FastifyRequest, quem: Record<string, number>) {
  const log: FastifyRequest['log'] & { setBindings?: (b: Record<string, number>) => void } = req.log;
  if (typeof log.setBindings === 'function' && log !== req.server.log) log.setBindings(quem);
  else req.log = log.child(quem);
}

/**
 * `resolver` is how a token the cache does not hold is looked up (the database, always, but for
 * a test that counts the lookups).
 */
export function createAuth(
  fonte: FonteDeSessoes,
  cache = new CacheDeSessoes(),
  resolver: (token: string) => Promise<SessaoDoToken | undefined> = (t) => resolverToken(fonte, t),
) {
  /**
   * Lookups under way, by token hash: when an entry expires under load, the requests that arrive
   * with that token before the database answers wait for the one lookup instead of each making
   * its own. Only within one cache generation: a request that comes after a clear (a logout, a
   * user deactivated) never takes the answer of a lookup that began before it.
   */
  const emCurso = new Map<string, { geracao: number; busca: Promise<SessaoDoToken | undefined> }>();

  /** `resolverToken` through the cache (see CacheDeSessoes for how it stays fresh). */
  function sessao(token: string): Promise<SessaoDoToken | undefined> {
    if (token.length > 200) return Promise.resolve(undefined);
    const tokenHash = sha256(token);
    const hit = cache.obter(tokenHash);
    if (hit) return Promise.resolve(hit);
    const geracao = cache.geracao;
    const andamento = emCurso.get(tokenHash);
    if (andamento?.geracao === geracao) return andamento.busca;
    const busca = resolver(token).then((r) => {
      if (r) cache.guardar(r, geracao);
      return r;
    });
    const registro = { geracao, busca };
    emCurso.set(tokenHash, registro);
    const terminar = () => {
      if (emCurso.get(tokenHash) === registro) emCurso.delete(tokenHash);
    };
    busca.then(terminar, terminar);
    return busca;
  }

  /** Who a token (and an optional emulated user id) stands for; throws 401/403/404 otherwise. */
  async function principalDoToken(token: string | undefined, emulado: string | number | undefined): Promise<Principal> {
    if (!token) throw naoAutenticado();
    const r = await sessao(token);
    if (!r) throw new ErroDaApi(401, MSG.sessaoExpirada);
    const { usuario, tokenHash } = r;
    if (emulado === undefined) {
      return {
        usuarioId: usuario.id,
        nome: usuario.nome,
        email: usuario.email,
        authorities: usuario.authorities,
        isClient: usuario.isClient,
        tokenHash,
      };
    }
    if (!usuario.authorities.includes(PER.USUARIOS)) throw acessoNegado();
    const id = Number(emulado);
    if (!Number.isInteger(id) || id <= 0) throw acessoNegado();
    // Beyond the integer column's range no user can exist (and the query would fail).
    const alvo = id <= ID_MAX ? await fonte.usuario(id) : undefined;
    if (!alvo) throw naoEncontrado();
    // Only active clients are emulated: an administrator's rights never pass to another.
    if (!fonte.emulavel(alvo)) throw acessoNegado();
    return {
      usuarioId: alvo.id,
      nome: alvo.nome,
      email: alvo.email,
      authorities: alvo.authorities,
      isClient: alvo.isClient,
      emuladorId: usuario.id,
      tokenHash,
    };
  }

  async function autenticar(req: FastifyRequest, _reply?: FastifyReply) {
    await autenticarCom(req, bearerToken(req));
  }

  /**
   * For an image the page shows with `<img src>` (the pet's photo), which carries no
   * Authorization header: the bearer token when there is one, else the session cookie the web app
   * set at login (SameSite=Strict: another site's page cannot send it). Read-only routes only.
   */
  async function autenticarImagem(req: FastifyRequest, _reply?: FastifyReply) {
    await autenticarCom(req, bearerToken(req) ?? tokenDoCookie(req));
  }

  async function autenticarCom(req: FastifyRequest, token: string | undefined) {
    const h = req.headers[EMULACAO_HEADER];
    const principal = await principalDoToken(token, Array.isArray(h) ? (h[0] ?? '') : h);
    // Every emulated request is audited, reads included: whose data was seen, by whom.
    if (principal.emuladorId !== undefined) {
      await fonte.auditarEmulacao({
        usuarioId: principal.usuarioId,
        emuladorId: principal.emuladorId,
        metodo: req.method,
        rota: req.routeOptions.url ?? req.url,
        ip: req.ip,
      });
    }
    req.principal = principal;
    comQuem(req, { usuarioId: principal.usuarioId, ...(principal.emuladorId ? { emuladorId: principal.emuladorId } : {}) });
  }

  /** preHandler: logged in and holding at least one of `roles` (none = any logged user). */
  function exigir(...roles: Permissao[]) {
    return async (req: FastifyRequest) => {
      await autenticar(req);
      if (!temPermissao(req.principal?.authorities ?? [], roles)) throw acessoNegado();
    };
  }

  /** The user behind a token without the cache (`/oauth/check_token` always asks the database). */
  const consultarToken = (token: string) => resolverToken(fonte, token);

  /** Which of these token hashes are live for an active user, without the cache (the live channel's check). */
  const sessoesVivas = (tokenHashes: readonly string[]) => fonte.vivas(tokenHashes);

  return { autenticar, autenticarImagem, exigir, principalDoToken, consultarToken, sessoesVivas, cache };
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * `app.auth`. The token cache forgets everything once a request that may have changed something
 * is done here (before its answer leaves), and whenever the database says sessions changed
 * anywhere (docs/adr/0003-notify-leva-ids.md).
 */
export const authPlugin = fp<{ sessoes: FonteDeSessoes }>(
  async (app, { sessoes }) => {
    const cache = new CacheDeSessoes();
    app.decorate('auth', createAuth(sessoes, cache));
    app.addHook('onSend', (req, _reply, payload, done) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') cache.limpar();
      done(null, payload);
    });
    let pararDeOuvir: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      pararDeOuvir = await app.database.listen(
        CANAL_SESSOES,
        () => cache.limpar(),
        () => cache.limpar(),
      );
    });
    // The database may already be gone (closing after an outage): nothing left to unlisten.
    app.addHook('onClose', async () => {
      await pararDeOuvir?.().catch(() => undefined);
    });
  },
  { name: 'auth', dependencies: ['core'] },
);

/** The principal of an authenticated request (routes behind `autenticar`). */
export function principalDe(req: FastifyRequest): Principal {
  if (!req.principal) throw naoAutenticado();
  return req.principal;
}
