import { and, eq, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rastreadores, usuarioRastreadores as ur } from '../../db/schema';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { situacaoEfetiva } from '../rastreadores/sql';
import { comTotal, contagem, escaparLike } from '../../db/listas';

export interface FiltroMeusRastreadores extends Paginacao {
  descricao?: string | undefined;
  imei?: string | undefined;
}

const colunas = {
  id: ur.id,
  usuarioId: ur.usuarioId,
  rastreadorId: rastreadores.id,
  imei: rastreadores.imei,
  descricao: ur.descricao,
  intervaloLocalizacao: ur.intervaloLocalizacao,
  bateria: rastreadores.bateria,
  nivelSinal: rastreadores.nivelSinal,
  dataCadastro: ur.dataCadastro,
  ultimaComunicacao: rastreadores.ultimaComunicacao,
  situacao: situacaoEfetiva,
  situacaoEnergia: rastreadores.situacaoEnergia,
  economiaBateria: ur.economiaBateria,
  ultraEconomiaBateria: ur.ultraEconomiaBateria,
  periUltraEconBateria: ur.periUltraEconBateria,
  perdidoDesde: ur.perdidoDesde,
  perdidoAte: ur.perdidoAte,
};

const base = (db: Executor) => db.select(colunas).from(ur).innerJoin(rastreadores, eq(rastreadores.id, ur.rastreadorId));
export type LinhaMeuRastreador = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function condicoes(usuarioId: number, f: Pick<FiltroMeusRastreadores, 'descricao' | 'imei'>): SQL | undefined {
  const c: SQL[] = [eq(ur.usuarioId, usuarioId)];
  if (f.descricao) c.push(like(sql`upper(${ur.descricao})`, `%${escaparLike(f.descricao.toUpperCase())}%`));
  if (f.imei) c.push(like(rastreadores.imei, `%${escaparLike(f.imei)}%`));
  return and(...c);
}

export async function listar(db: Executor, usuarioId: number, f: FiltroMeusRastreadores) {
  const where = condicoes(usuarioId, f);
  return comTotal(
    base(db)
      .where(where)
      .orderBy(...ordenacao(colunas, ur.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(ur).innerJoin(rastreadores, eq(rastreadores.id, ur.rastreadorId)).where(where),
  );
}

/** One link of this user (undefined for anyone else's). */
export async function buscar(db: Executor, usuarioId: number, id: number) {
  const [row] = await base(db).where(and(eq(ur.id, id), eq(ur.usuarioId, usuarioId)));
  return row;
}

/** Links of these trackers, whoever owns them (the live channel filters by owner). */
export function porRastreadores(db: Executor, rastreadorIds: readonly number[]) {
  return base(db).where(inArray(rastreadores.id, [...rastreadorIds]));
}

/** Every link of a user (sync of all trackers). */
export function doUsuario(db: Executor, usuarioId: number) {
  return db.select({ id: ur.id, rastreadorId: ur.rastreadorId }).from(ur).where(eq(ur.usuarioId, usuarioId)).orderBy(ur.id);
}

/** The trackers linked to any of these users (the live channel after a reconnect). */
export function doUsuarios(db: Executor, usuarioIds: readonly number[]) {
  return db
    .select({ rastreadorId: ur.rastreadorId })
    .from(ur)
    .where(inArray(ur.usuarioId, [...usuarioIds]));
}

export function opcoes(db: Executor, usuarioId: number) {
  return db.select({ id: ur.id, text: ur.descricao }).from(ur).where(eq(ur.usuarioId, usuarioId)).orderBy(ur.descricao, ur.id);
}

export async function vincular(
  db: Executor,
  v: { usuarioId: number; rastreadorId: number; descricao: string; intervaloLocalizacao: number; periUltraEconBateria: number },
) {
  const [row] = await db.insert(ur).values(v).returning({ id: ur.id });
  if (!row) throw new Error('insert usuario_rastreadores returned nothing');
  return row.id;
}

export async function atualizar(
  db: Executor,
  usuarioId: number,
  id: number,
  v: Partial<{
    descricao: string;
    intervaloLocalizacao: number;
    periUltraEconBateria: number;
    economiaBateria: 'V' | 'F';
    ultraEconomiaBateria: 'V' | 'F';
  }>,
) {
  const rows = await db
    .update(ur)
    .set(v)
    .where(and(eq(ur.id, id), eq(ur.usuarioId, usuarioId)))
    .returning({ id: ur.id });
  return rows.length > 0;
}

/** The link of a tracker, whoever owns it (undefined while unlinked). */
export async function vinculoDoRastreador(db: Executor, rastreadorId: number) {
  const [row] = await db.select({ usuarioId: ur.usuarioId, descricao: ur.descricao }).from(ur).where(eq(ur.rastreadorId, rastreadorId));
  return row;
}

/** Lost-pet mode on until `ate` (kept `desde` when it was already on: the owner extends it). */
export async function iniciarPerdido(db: Executor, id: number, ate: Date) {
  await db
    .update(ur)
    .set({ perdidoDesde: sql`coalesce(${ur.perdidoDesde}, now())`, perdidoAte: ate, perdidoLocalizadoEm: sql`now()` })
    .where(eq(ur.id, id));
}

/** Lost-pet mode off. */
export async function encerrarPerdido(db: Executor, id: number) {
  await db.update(ur).set({ perdidoDesde: null, perdidoAte: null, perdidoLocalizadoEm: null }).where(eq(ur.id, id));
}

/**
 * Links whose lost-pet mode ran out, locked for this transaction (SKIP LOCKED: an owner turning
 * it off at the same moment keeps that row, and the other instance skips it).
 */
export function perdidosVencidos(db: Executor) {
  return db
    .select(colunas)
    .from(ur)
    .innerJoin(rastreadores, eq(rastreadores.id, ur.rastreadorId))
    .where(and(sql`${ur.perdidoAte} is not null`, lte(ur.perdidoAte, sql`now()`)))
    .for('update', { of: ur, skipLocked: true });
}

/** Trackers in lost-pet mode not asked for a fix in the last `segundos`; marks them asked now. */
export async function perdidosParaLocalizar(db: Executor, segundos: number) {
  return db
    .update(ur)
    .set({ perdidoLocalizadoEm: sql`now()` })
    .where(
      and(
        sql`${ur.perdidoAte} > now()`,
        sql`(${ur.perdidoLocalizadoEm} is null or ${ur.perdidoLocalizadoEm} <= now() - make_interval(secs => ${segundos}))`,
      ),
    )
    .returning({ rastreadorId: ur.rastreadorId, usuarioId: ur.usuarioId });
}
