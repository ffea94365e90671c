import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailFila } from './schema';

export interface NovoEmail {
  destinatario: string;
  assunto: string;
  texto: string;
  html: string;
}

export async function enfileirar(db: Executor, email: NovoEmail) {
  const [row] = await db.insert(emailFila).values(email).returning({ id: emailFila.id });
  return row?.id;
}

/**
 * Claims up to `limite` due e-mails for `leaseMs`: their next attempt moves into the future, so
 * another instance (or this one, after a crash) only retries them once the lease runs out.
 */
export async function reservarPendentes(db: Executor, limite: number, leaseMs: number) {
  const due = db
    .select({ id: emailFila.id })
    .from(emailFila)
    .where(and(eq(emailFila.status, 'PENDENTE'), lte(emailFila.proximaTentativa, sql`now()`)))
    .orderBy(asc(emailFila.id))
    .limit(limite)
    .for('update', { skipLocked: true });
  return db
    .update(emailFila)
    .set({
      proximaTentativa: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      tentativas: sql`${emailFila.tentativas} + 1`,
    })
    .where(inArray(emailFila.id, due))
    .returning();
}

/**
 * A body may carry a password link, whose token is stored elsewhere only as a hash: once the
 * e-mail is sent (or given up) the outbox keeps no copy of it.
 */
const semCorpo = { texto: '', html: '' };

export async function marcarEnviado(db: Executor, id: number) {
  await db
    .update(emailFila)
    .set({ status: 'ENVIADO', enviadoEm: sql`now()`, ultimoErro: null, ...semCorpo })
    .where(eq(emailFila.id, id));
}

export async function agendarNovaTentativa(db: Executor, id: number, esperaMs: number, erro: string, desistir: boolean) {
  await db
    .update(emailFila)
    .set({
      status: desistir ? 'FALHOU' : 'PENDENTE',
      ultimoErro: erro.slice(0, 1000),
      ...(desistir ? semCorpo : {}),
      proximaTentativa: sql`now() + ${`${esperaMs} milliseconds`}::interval`,
    })
    .where(eq(emailFila.id, id));
}
