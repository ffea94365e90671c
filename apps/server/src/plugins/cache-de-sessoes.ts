import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** What authentication needs to know of a user. */
export interface UsuarioSessao {
  id: number;
  nome: string;
  email: string;
  situacao: boolean;
  isClient: boolean;
  authorities: string[];
}

/** How long a resolved token is trusted without asking the database again. */
export const SESSAO_CACHE_MS = 5000;

/** The PostgreSQL channel that tells every instance tokens, users or levels changed (`avisarQueSessoesMudaram`). */
export const CANAL_SESSOES = 'rastro_sessoes';

/**
 * Every instance (this one included) forgets its cached sessions once the caller's transaction
 * commits. The repositories that update or delete `sessoes`, `usuarios` or `niveis`, or
 * write `nivel_permissoes`, call it in the transaction of the change (docs/adr/0025): nothing in
 * the database does it for them, so a change made by hand in SQL is seen within `SESSAO_CACHE_MS`
 * unless it is followed by `select pg_notify('rastro_sessoes', '')`.
 */
export async function avisarQueSessoesMudaram(tx: Executor) {
  await tx.execute(sql`select pg_notify(${CANAL_SESSOES}, '')`);
}

export interface SessaoDoToken {
  usuario: UsuarioSessao;
  tokenHash: string;
  expiraEm: Date;
}

/**
 * Tokens already resolved to their user, for a few seconds: every authenticated request would
 * otherwise spend a database round trip on its token, as much as the query it came for.
 *
 * Staleness is bounded three ways: each entry lives `ttlMs`; the whole cache is cleared when this
 * instance answers a request that may have changed something (any method but GET/HEAD — a logout,
 * a password change, a user deactivated — before its response leaves); and every instance hears
 * `rastro_sessoes` when the code changes `sessoes`, `usuarios`, `niveis` or
 * `nivel_permissoes`, on whichever instance (`avisarQueSessoesMudaram`). A lookup that began before
 * a clear is not stored (`geracao`), so a revoked token never comes back from a request in flight.
 */
export class CacheDeSessoes {
  private readonly entradas = new Map<string, { sessao: SessaoDoToken; ate: number }>();
  private geracaoAtual = 0;

  constructor(
    private readonly ttlMs = SESSAO_CACHE_MS,
    private readonly max = 10_000,
  ) {}

  get geracao() {
    return this.geracaoAtual;
  }

  obter(tokenHash: string, agora = Date.now()): SessaoDoToken | undefined {
    const e = this.entradas.get(tokenHash);
    if (!e) return undefined;
    if (e.ate <= agora || e.sessao.expiraEm.getTime() <= agora) {
      this.entradas.delete(tokenHash);
      return undefined;
    }
    return e.sessao;
  }

  /** Keeps `sessao` unless the cache was cleared since `geracao` (read before the lookup). */
  guardar(sessao: SessaoDoToken, geracao: number, agora = Date.now()) {
    if (geracao !== this.geracaoAtual || this.ttlMs <= 0) return;
    // Past the bound, start over: cheaper than tracking age, and rare (one entry per live token).
    if (this.entradas.size >= this.max) this.entradas.clear();
    this.entradas.set(sessao.tokenHash, { sessao, ate: agora + this.ttlMs });
  }

  limpar() {
    this.geracaoAtual++;
    this.entradas.clear();
  }
}
