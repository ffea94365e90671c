import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { TODAS_PERMISSOES } from '@rastro/shared/roles';
import { eq, sql } from 'drizzle-orm';
import { hashSenha, senhaAleatoria } from '../lib/crypto';
import type { Db } from './client';
import { avisarQueSessoesMudaram } from '../plugins/session-cache';
import { cidades, estados, nivelPermissoes, niveis, usuarios } from './schema';

export const NIVEL_ADMINISTRADOR = 'Administrador';
export const NIVEL_CLIENTE = 'Cliente';

export interface SeedResult {
  /** Set only when the first administrator was created now with a generated password. */
  senhaGeradaAdmin?: string;
  adminCriado: boolean;
}

/** First-start data: levels, states, municipalities and the first administrator. Idempotent. */
export async function seed(db: Db, admin: { email: string; password?: string | undefined }): Promise<SeedResult> {
  await seedNiveis(db);
  await seedLocalidades(db);
  return seedAdministrador(db, admin);
}

async function seedNiveis(db: Db) {
  await db
    .insert(niveis)
    .values([
      { nome: NIVEL_ADMINISTRADOR, isClient: false },
      { nome: NIVEL_CLIENTE, isClient: true },
    ])
    .onConflictDoNothing();
  const [adm] = await db.select({ id: niveis.id }).from(niveis).where(eq(niveis.nome, NIVEL_ADMINISTRADOR));
  if (!adm) throw new Error('Nível Administrador ausente após a carga inicial.');
  await db
    .insert(nivelPermissoes)
    .values(TODAS_PERMISSOES.map((permissao) => ({ nivelId: adm.id, permissao })))
    .onConflictDoNothing();
  // As after any write of nivel_permissoes: instances already running forget their cached sessions.
  await avisarQueSessoesMudaram(db);
}

async function seedLocalidades(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cidades);
  if (n > 0) return;
  const ufs = getStates();
  await db
    .insert(estados)
    .values(ufs.map((s) => ({ nome: s.name, uf: s.code, codigoIbge: s.ibgeCode })))
    .onConflictDoNothing();
  const idPorUf = new Map((await db.select({ id: estados.id, uf: estados.uf }).from(estados)).map((e) => [e.uf, e.id] as const));
  const linhas = getMunicipalities().map((m) => {
    const estadoId = idPorUf.get(m.stateCode);
    if (estadoId === undefined) throw new Error(`UF desconhecida: ${m.stateCode}`);
    return { nome: m.name, estadoId, codigoIbge: Number(m.code) };
  });
  for (let i = 0; i < linhas.length; i += 1000) {
    await db
      .insert(cidades)
      .values(linhas.slice(i, i + 1000))
      .onConflictDoNothing();
  }
}

async function seedAdministrador(db: Db, admin: { email: string; password?: string | undefined }): Promise<SeedResult> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(usuarios);
  if (n > 0) return { adminCriado: false };
  const [nivel] = await db.select({ id: niveis.id }).from(niveis).where(eq(niveis.nome, NIVEL_ADMINISTRADOR));
  if (!nivel) throw new Error('Nível Administrador ausente.');
  const senha = admin.password ?? senhaAleatoria();
  // Should another process have created it meanwhile (a seed outside the lock), nothing happens.
  const criado = await db
    .insert(usuarios)
    .values({
      nome: 'ADMINISTRADOR',
      email: admin.email.toLowerCase(),
      senhaHash: await hashSenha(senha),
      nivelId: nivel.id,
      situacao: true,
    })
    .onConflictDoNothing()
    .returning({ id: usuarios.id });
  if (criado.length === 0) return { adminCriado: false };
  return admin.password ? { adminCriado: true } : { adminCriado: true, senhaGeradaAdmin: senha };
}
