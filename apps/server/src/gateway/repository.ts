import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { baterias, comandos, localizacoes, notificacoes, rastreadores, usuarioRastreadores } from '../db/schema';

export type NovaLocalizacao = typeof localizacoes.$inferInsert;

/**
 * A PostgreSQL array literal (`{1,NULL,"GPS"}`) built in one pass: node-postgres would build the
 * same text element by element (escaping every number, formatting every Date in local time), and
 * on a batch of thousands of rows that was the gateway's largest cost after the socket writes.
 */
export function literalDeArray(valores: readonly (number | string | boolean | Date | null | undefined)[]): string {
  let s = '{';
  for (let i = 0; i < valores.length; i++) {
    const v = valores[i];
    if (i > 0) s += ',';
    if (v === null || v === undefined) s += 'NULL';
    else if (typeof v === 'number' || typeof v === 'boolean') s += String(v);
    else if (v instanceof Date) s += v.toISOString();
    else s += `"${v.replace(/["\\]/g, '\\$&')}"`;
  }
  return `${s}}`;
}

/**
 * A whole batch (from many connections) in one statement: one array per column, unnested by the
 * server. The SQL text and its 15 parameters are the same for any batch size, so it costs far
 * less to build and parse than a multi-row VALUES, and it runs the same on PGlite.
 * `id` and `data_cadastro` always take their defaults. A row already stored (a frame the device
 * sent again because it missed the ack) is skipped, so the resend is acknowledged, not duplicated.
 */
export async function inserirLocalizacoes(db: Executor, linhas: NovaLocalizacao[]) {
  if (linhas.length === 0) return;
  const col = (f: (l: NovaLocalizacao) => number | string | boolean | Date | null | undefined) => sql.param(literalDeArray(linhas.map(f)));
  await db.execute(sql`
    insert into ${localizacoes} (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, precisao, satelites,
      mac_address, nivel_sinal, codigo_pais, rede, codigo_area, identificador_torre, futura)
    select * from unnest(${col((l) => l.rastreadorId)}::int[], ${col((l) => l.tipo)}::varchar[], ${col((l) => l.dataHora)}::timestamptz[],
      ${col((l) => l.latitude)}::float8[], ${col((l) => l.longitude)}::float8[], ${col((l) => l.velocidade)}::real[], ${col((l) => l.curso)}::smallint[],
      ${col((l) => l.precisao)}::real[], ${col((l) => l.satelites)}::smallint[], ${col((l) => l.macAddress)}::varchar[], ${col((l) => l.nivelSinal)}::smallint[],
      ${col((l) => l.codigoPais)}::smallint[], ${col((l) => l.rede)}::smallint[], ${col((l) => l.codigoArea)}::int[], ${col((l) => l.identificadorTorre)}::bigint[],
      ${col((l) => l.futura ?? false)}::boolean[])
    on conflict do nothing`);
}

/** The tracker of a login: refused when unknown or INATIVO. */
export async function rastreadorPorImei(db: Executor, imei: string) {
  const [row] = await db
    .select({
      id: rastreadores.id,
      situacao: rastreadores.situacao,
      donoId: usuarioRastreadores.usuarioId,
      descricao: usuarioRastreadores.descricao,
    })
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
  await db
    .update(rastreadores)
    .set({ bateria, nivelSinal, ultimaComunicacao: sql`now()` })
    .where(eq(rastreadores.id, id));
}

/** ALERTA for 30 minutes and a notification to the tracker's current owner, if any; returns the owner. */
export async function registrarAlerta(db: Executor, id: number, texto: (descricao: string | null) => string): Promise<number | null> {
  await db
    .update(rastreadores)
    .set({ situacao: 'ALERTA', alertaAte: sql`now() + interval '30 minutes'` })
    .where(and(eq(rastreadores.id, id), ne(rastreadores.situacao, 'INATIVO')));
  const [dono] = await db
    .select({ usuarioId: usuarioRastreadores.usuarioId, descricao: usuarioRastreadores.descricao })
    .from(usuarioRastreadores)
    .where(eq(usuarioRastreadores.rastreadorId, id));
  if (!dono) return null;
  await db.insert(notificacoes).values({ usuarioId: dono.usuarioId, rastreadorId: id, descricao: texto(dono.descricao).slice(0, 255) });
  return dono.usuarioId;
}

/** The device dropped off after a power-off request: DESLIGADO, and the command is done. */
export async function concluirDesligamento(db: Executor, id: number) {
  const rows = await db
    .update(rastreadores)
    .set({ situacaoEnergia: 'DESLIGADO' })
    .where(and(eq(rastreadores.id, id), eq(rastreadores.situacaoEnergia, 'AGUARDANDO_DESLIGAMENTO')))
    .returning({ id: rastreadores.id });
  if (rows.length)
    await db
      .update(comandos)
      .set({ status: 'CONFIRMADO', concluidoEm: sql`now()` })
      .where(and(eq(comandos.rastreadorId, id), eq(comandos.tipo, 'DESLIGAR'), eq(comandos.status, 'ENVIADO')));
  return rows.length > 0;
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

/** The tracker's IMEI is being claimed from two alternating places: shown to administrators. */
export async function marcarOrigensAlternadas(db: Executor, id: number) {
  await db
    .update(rastreadores)
    .set({ origensAlternadasEm: sql`now()` })
    .where(eq(rastreadores.id, id));
}
