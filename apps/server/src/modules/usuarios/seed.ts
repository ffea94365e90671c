import { TODAS_PERMISSOES } from '@rastro/shared/permissoes';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashSenha, senhaAleatoria } from '../../lib/cripto';
import { avisarQueSessoesMudaram } from '../../plugins/cache-de-sessoes';
import { nivelPermissoes, niveis, usuarios } from './schema';

export const NIVEL_ADMINISTRADOR = 'Administrador';
export const NIVEL_CLIENTE = 'Cliente';

/** The two levels, the administrator's with every permission. Idempotent. */
export async function seedNiveis(db: Db) {
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

export interface AdministradorSemeado {
  /** Set only when the first administrator was created now with a generated password. */
  senhaGeradaAdmin?: string;
  adminCriado: boolean;
}

/** The first administrator, when there is no user yet (with a generated password if none is given). */
export async function seedAdministrador(db: Db, admin: { email: string; password?: string | undefined }): Promise<AdministradorSemeado> {
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
