import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TipoComando } from '@rastro/shared/dominio';
import type { Executor } from '../../db/client';
import { comandos } from './schema';

export interface NovoComando {
  tipo: TipoComando;
  parametros?: Record<string, unknown>;
}

/** Commands that undo each other: a newer one replaces a pending older one of the same family. */
const FAMILIA: Record<TipoComando, readonly TipoComando[]> = {
  DESLIGAR: ['DESLIGAR'],
  LOCALIZAR: ['LOCALIZAR'],
  INTERVALO: ['INTERVALO'],
  GPS_LIGAR: ['GPS_LIGAR', 'GPS_DESLIGAR'],
  GPS_DESLIGAR: ['GPS_LIGAR', 'GPS_DESLIGAR'],
};

/**
 * Queues commands for one tracker. A pending command of the same family that has not reached
 * the device yet is retired first, so a device that was offline gets only the latest settings.
 */
export async function enfileirar(db: Executor, rastreadorId: number, usuarioId: number, itens: readonly NovoComando[]) {
  for (const c of itens) {
    await db
      .update(comandos)
      .set({ status: 'FALHOU', concluidoEm: sql`now()`, erro: 'Substituído por um comando mais recente.' })
      .where(and(eq(comandos.rastreadorId, rastreadorId), eq(comandos.status, 'PENDENTE'), inArray(comandos.tipo, [...FAMILIA[c.tipo]])));
    await db.insert(comandos).values({ rastreadorId, usuarioId, tipo: c.tipo, parametros: c.parametros ?? null });
  }
}

export function pendentes(db: Executor, rastreadorId: number) {
  return db
    .select({ id: comandos.id, tipo: comandos.tipo, parametros: comandos.parametros })
    .from(comandos)
    .where(and(eq(comandos.rastreadorId, rastreadorId), eq(comandos.status, 'PENDENTE')))
    .orderBy(comandos.id);
}

/** Commands queued or sent and not yet answered, for the tracker's detail. */
export async function comandosPendentes(db: Executor, rastreadorId: number): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comandos)
    .where(and(eq(comandos.rastreadorId, rastreadorId), inArray(comandos.status, ['PENDENTE', 'ENVIADO'])));
  return r?.n ?? 0;
}

export async function marcar(db: Executor, ids: readonly number[], status: 'ENVIADO' | 'CONFIRMADO' | 'FALHOU', erro?: string) {
  if (ids.length === 0) return;
  await db
    .update(comandos)
    .set(status === 'ENVIADO' ? { status, enviadoEm: sql`now()` } : { status, concluidoEm: sql`now()`, erro: erro ?? null })
    .where(inArray(comandos.id, [...ids]));
}

/** The power-off the device was sent is done (it dropped off right after). */
export async function confirmarDesligamento(db: Executor, rastreadorId: number) {
  await db
    .update(comandos)
    .set({ status: 'CONFIRMADO', concluidoEm: sql`now()` })
    .where(and(eq(comandos.rastreadorId, rastreadorId), eq(comandos.tipo, 'DESLIGAR'), eq(comandos.status, 'ENVIADO')));
}

/**
 * Asks each tracker for a fix unless a request is still waiting for it (lost-pet mode asks every
 * 20 s: a tracker that is away gets one request when it comes back, not one per 20 s).
 */
export async function pedirLocalizacoes(db: Executor, itens: readonly { rastreadorId: number; usuarioId: number }[]) {
  for (const { rastreadorId, usuarioId } of itens) {
    await db.execute(sql`insert into comandos (rastreador_id, usuario_id, tipo)
      select ${rastreadorId}, ${usuarioId}, 'LOCALIZAR'
      where not exists (select 1 from comandos where rastreador_id = ${rastreadorId} and status = 'PENDENTE' and tipo = 'LOCALIZAR')`);
  }
}
