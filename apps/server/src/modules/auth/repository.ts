import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { literalDeArray } from '../../db/arrays';
import type { Db, Executor } from '../../db/client';
import { sessoes, senhaTokens } from './schema';
import { avisarQueSessoesMudaram, type UsuarioSessao } from '../../plugins/cache-de-sessoes';
import { usuariosDaSessao as u } from '../usuarios/service';

export async function criarSessao(db: Executor, usuarioId: number, tokenHash: string, expiraEm: Date) {
  await db.insert(sessoes).values({ usuarioId, tokenHash, expiraEm });
}

/**
 * The user behind a live (not revoked, not expired) bearer token, with the token's expiry. Every
 * authenticated request asks it: one round trip, as a named statement that PostgreSQL plans once
 * per connection (planning this join costs several times its execution).
 */
export function prepararSessaoPorToken(db: Db) {
  const q = db
    .select({
      id: u.id,
      nome: u.nome,
      email: u.email,
      situacao: u.situacao,
      isClient: u.isClient,
      authorities: u.authorities,
      expiraEm: sessoes.expiraEm,
    })
    .from(sessoes)
    .innerJoin(u, eq(u.id, sessoes.usuarioId))
    .where(and(eq(sessoes.tokenHash, sql.placeholder('tokenHash')), isNull(sessoes.revogadoEm), gt(sessoes.expiraEm, sql`now()`)))
    .prepare('sessao_por_token');
  return async (tokenHash: string): Promise<(UsuarioSessao & { expiraEm: Date }) | undefined> => (await q.execute({ tokenHash }))[0];
}

/**
 * Which of these token hashes are still live (not revoked, not expired) for an active user: the
 * live channel checks all its sockets' tokens at once with it, not one query per socket.
 */
export async function sessoesVivas(db: Executor, tokenHashes: readonly string[]): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const linhas = await db
    .select({ tokenHash: sessoes.tokenHash })
    .from(sessoes)
    .innerJoin(u, eq(u.id, sessoes.usuarioId))
    .where(
      and(
        sql`${sessoes.tokenHash} = any(${literalDeArray(tokenHashes)}::text[])`,
        isNull(sessoes.revogadoEm),
        gt(sessoes.expiraEm, sql`now()`),
        eq(u.situacao, true),
      ),
    );
  return new Set(linhas.map((l) => l.tokenHash));
}

/** Revokes a token; every instance forgets its cached sessions when `tx` commits. */
export async function revogarSessao(tx: Executor, tokenHash: string) {
  await tx
    .update(sessoes)
    .set({ revogadoEm: sql`now()` })
    .where(and(eq(sessoes.tokenHash, tokenHash), isNull(sessoes.revogadoEm)));
  await avisarQueSessoesMudaram(tx);
}

/** Revokes every token of the user; every instance forgets its cached sessions when `tx` commits. */
export async function revogarSessoesDoUsuario(tx: Executor, usuarioId: number) {
  await tx
    .update(sessoes)
    .set({ revogadoEm: sql`now()` })
    .where(and(eq(sessoes.usuarioId, usuarioId), isNull(sessoes.revogadoEm)));
  await avisarQueSessoesMudaram(tx);
}

export type TipoSenhaToken = 'RESET' | 'PRIMEIRO_ACESSO';

export async function criarSenhaToken(db: Executor, usuarioId: number, tokenHash: string, tipo: TipoSenhaToken, expiraEm: Date) {
  await db.insert(senhaTokens).values({ usuarioId, tokenHash, tipo, expiraEm });
}

export async function buscarSenhaTokenValido(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ id: senhaTokens.id, usuarioId: senhaTokens.usuarioId, tipo: senhaTokens.tipo })
    .from(senhaTokens)
    .where(and(eq(senhaTokens.tokenHash, tokenHash), isNull(senhaTokens.usadoEm), gt(senhaTokens.expiraEm, sql`now()`)));
  return row;
}

/** Marks the link used; false when another request used it first. */
export async function consumirSenhaToken(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(senhaTokens)
    .set({ usadoEm: sql`now()` })
    .where(and(eq(senhaTokens.id, id), isNull(senhaTokens.usadoEm)))
    .returning({ id: senhaTokens.id });
  return rows.length === 1;
}

/** Other open links of the user stop working once one is used. */
export async function invalidarSenhaTokens(db: Executor, usuarioId: number) {
  await db
    .update(senhaTokens)
    .set({ usadoEm: sql`now()` })
    .where(and(eq(senhaTokens.usuarioId, usuarioId), isNull(senhaTokens.usadoEm)));
}
