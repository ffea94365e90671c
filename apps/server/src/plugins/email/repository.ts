import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailOutbox } from './schema';

export interface NovoEmail {
  destinatario: string;
  assunto: string;
  texto: string;
  html: string;
}

export async function enfileirar(db: Executor, email: NovoEmail) {
  const [row] = await db.insert(emailOutbox).values(email).returning({ id: emailOutbox.id });
  return row?.id;
}

/**
 * Claims up to `limite` due e-mails for `leaseMs`: their next attempt moves into the future, so
 * another instance (or this one, after a crash) only retries them once the lease runs out.
 */
export async function reservarPendentes(db: Executor, limite: number, leaseMs: number) {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'PENDENTE'), lte(emailOutbox.proximaTentativa, sql`now()`)))
    .orderBy(asc(emailOutbox.id))
    .limit(limite)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      proximaTentativa: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      tentativas: sql`${emailOutbox.tentativas} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

/**
 * A body may carry a password link, whose token is stored elsewhere only as a hash: once the
 * e-mail is sent (or given up) the outbox keeps no copy of it.
 */
const semCorpo = { texto: '', html: '' };

export async function marcarEnviado(db: Executor, id: number) {
  await db
    .update(emailOutbox)
    .set({ status: 'ENVIADO', enviadoEm: sql`now()`, ultimoErro: null, ...semCorpo })
    .where(eq(emailOutbox.id, id));
}

export async function agendarNovaTentativa(db: Executor, id: number, esperaMs: number, erro: string, desistir: boolean) {
  await db
    .update(emailOutbox)
    .set({
      status: desistir ? 'FALHOU' : 'PENDENTE',
      ultimoErro: erro.slice(0, 1000),
      ...(desistir ? semCorpo : {}),
      proximaTentativa: sql`now() + ${`${esperaMs} milliseconds`}::interval`,
    })
    .where(eq(emailOutbox.id, id));
}
