import { and, asc, eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { nivelPermissoes, niveis, usuarios } from './schema';
import { avisarQueSessoesMudaram, type UsuarioSessao } from '../../plugins/cache-de-sessoes';

const authoritiesSql = sql<
  string[]
>`coalesce((select array_agg(${nivelPermissoes.permissao} order by ${nivelPermissoes.permissao}) from ${nivelPermissoes} where ${nivelPermissoes.nivelId} = ${usuarios.nivelId}), '{}')`;

const colunasSessao = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  situacao: usuarios.situacao,
  isClient: niveis.isClient,
  authorities: authoritiesSql,
};

export async function buscarParaLogin(db: Executor, email: string) {
  const [row] = await db
    .select({ ...colunasSessao, senhaHash: usuarios.senhaHash })
    .from(usuarios)
    .innerJoin(niveis, eq(niveis.id, usuarios.nivelId))
    .where(eq(sql`lower(${usuarios.email})`, email.toLowerCase()));
  return row;
}

/** Whom an administrator may act as: an active client (never another administrator). */
export const emulavel = (u: Pick<UsuarioSessao, 'isClient' | 'situacao'>) => u.isClient && u.situacao;

export async function buscarSessao(db: Executor, id: number): Promise<UsuarioSessao | undefined> {
  const [row] = await db.select(colunasSessao).from(usuarios).innerJoin(niveis, eq(niveis.id, usuarios.nivelId)).where(eq(usuarios.id, id));
  return row;
}

/**
 * Every user as a session sees them (`UsuarioSessao`), to join by `id`: how the auth module reads
 * the user behind a token in the token's own statement (auth/repository.ts, `prepararSessaoPorToken`).
 */
export const usuariosDaSessao = new QueryBuilder()
  .select({ ...colunasSessao, authorities: authoritiesSql.as('authorities') })
  .from(usuarios)
  .innerJoin(niveis, eq(niveis.id, usuarios.nivelId))
  .as('u');

export async function buscarSenhaHash(db: Executor, id: number) {
  const [row] = await db.select({ senhaHash: usuarios.senhaHash }).from(usuarios).where(eq(usuarios.id, id));
  return row?.senhaHash ?? null;
}

/** The mobile phone (digits) of an active user; null without one (a share link shows it only when its creator chose to). */
export async function telefoneCelularDe(db: Executor, id: number) {
  const [row] = await db
    .select({ telefone: usuarios.telefoneCelular })
    .from(usuarios)
    .where(and(eq(usuarios.id, id), eq(usuarios.situacao, true)));
  return row?.telefone || null;
}

/** Who a Pix charge with a due date is addressed to (the API Pix's `devedor`): the name and the CPF, when the user gave one. */
export async function devedorPix(db: Executor, id: number) {
  const [row] = await db.select({ nome: usuarios.nome, cpf: usuarios.cpf }).from(usuarios).where(eq(usuarios.id, id));
  return row;
}

export async function emailEmUso(db: Executor, email: string, excetoId?: number) {
  const cond = eq(sql`lower(${usuarios.email})`, email.toLowerCase());
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(excetoId ? and(cond, sql`${usuarios.id} <> ${excetoId}`) : cond);
  return row !== undefined;
}

export async function idDoNivel(db: Executor, nome: string) {
  const [row] = await db.select({ id: niveis.id }).from(niveis).where(eq(niveis.nome, nome));
  return row?.id;
}

export async function inserir(db: Executor, valores: typeof usuarios.$inferInsert) {
  const [row] = await db.insert(usuarios).values(valores).returning({ id: usuarios.id, nome: usuarios.nome, email: usuarios.email });
  if (!row) throw new Error('insert usuarios returned nothing');
  return row;
}

/** Every instance forgets its cached sessions when `tx` commits. */
export async function atualizarSenha(tx: Executor, id: number, senhaHash: string) {
  await tx.update(usuarios).set({ senhaHash, atualizadoEm: new Date() }).where(eq(usuarios.id, id));
  await avisarQueSessoesMudaram(tx);
}

/** Every level, by name (the level select of the user form). */
export const listarNiveis = (db: Executor) => db.select({ id: niveis.id, nome: niveis.nome }).from(niveis).orderBy(asc(niveis.nome));
