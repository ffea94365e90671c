import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { baterias, comandos, localizacoes, notificacoes, rastreadores, usuarioRastreadores } from '../db/schema';

export type NovaLocalizacao = typeof localizacoes.$inferInsert;

/** One multi-row INSERT for a whole batch (from many connections). */
export async function inserirLocalizacoes(db: Executor, linhas: NovaLocalizacao[]) {
  for (let i = 0; i < linhas.length; i += 2000) await db.insert(localizacoes).values(linhas.slice(i, i + 2000));
}

/** The tracker of a login: refused when unknown or INATIVO. */
export async function rastreadorPorImei(db: Executor, imei: string) {
  const [row] = await db
    .select({ id: rastreadores.id, situacao: rastreadores.situacao, donoId: usuarioRastreadores.usuarioId, descricao: usuarioRastreadores.descricao })
    .from(rastreadores)
    .leftJoin(usuarioRastreadores, eq(usuarioRastreadores.rastreadorId, rastreadores.id))
    .where(eq(rastreadores.imei, imei));
  return row;
}

/** Any message from the device: it is on and talking (a pending power-off still waits). */
export async function registrarComunicacao(db: Executor, id: number) {
  await db
    .update(rastreadores)
    .set({
      ultimaComunicacao: sql`now()`,
      situacaoEnergia: sql`case when ${rastreadores.situacaoEnergia} = 'AGUARDANDO_DESLIGAMENTO' then ${rastreadores.situacaoEnergia} else 'LIGADO' end`,
    })
    .where(eq(rastreadores.id, id));
}

export async function registrarStatus(db: Executor, id: number, bateria: number, nivelSinal: number | null, carregando: boolean | null) {
  await db.insert(baterias).values({ rastreadorId: id, bateria, nivelSinal, carregando });
  await db.update(rastreadores).set({ bateria, nivelSinal, ultimaComunicacao: sql`now()` }).where(eq(rastreadores.id, id));
}

/** ALERTA for 30 minutes and a notification to the owner (when there is one). */
export async function registrarAlerta(db: Executor, id: number, donoId: number | null, descricao: string) {
  await db.update(rastreadores).set({ situacao: 'ALERTA', alertaAte: sql`now() + interval '30 minutes'` }).where(and(eq(rastreadores.id, id), ne(rastreadores.situacao, 'INATIVO')));
  if (donoId !== null) await db.insert(notificacoes).values({ usuarioId: donoId, rastreadorId: id, descricao });
}

/** The device dropped off after a power-off request: DESLIGADO, and the command is done. */
export async function concluirDesligamento(db: Executor, id: number) {
  const rows = await db
    .update(rastreadores)
    .set({ situacaoEnergia: 'DESLIGADO' })
    .where(and(eq(rastreadores.id, id), eq(rastreadores.situacaoEnergia, 'AGUARDANDO_DESLIGAMENTO')))
    .returning({ id: rastreadores.id });
  if (rows.length) await db.update(comandos).set({ status: 'CONFIRMADO', concluidoEm: sql`now()` }).where(and(eq(comandos.rastreadorId, id), eq(comandos.tipo, 'DESLIGAR'), eq(comandos.status, 'ENVIADO')));
}

export function comandosPendentes(db: Executor, rastreadorId: number) {
  return db
    .select({ id: comandos.id, tipo: comandos.tipo, parametros: comandos.parametros })
    .from(comandos)
    .where(and(eq(comandos.rastreadorId, rastreadorId), eq(comandos.status, 'PENDENTE')))
    .orderBy(comandos.id);
}

export async function marcarComandos(db: Executor, ids: number[], status: 'ENVIADO' | 'CONFIRMADO' | 'FALHOU', erro?: string) {
  if (ids.length === 0) return;
  await db
    .update(comandos)
    .set(status === 'ENVIADO' ? { status, enviadoEm: sql`now()` } : { status, concluidoEm: sql`now()`, erro: erro ?? null })
    .where(inArray(comandos.id, ids));
}
