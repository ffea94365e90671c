import { and, eq, inArray, isNotNull, like, lte, or, sql, type SQL } from 'drizzle-orm';
import { literalDeArray } from '../../db/arrays';
import { consultar, type Db, type Executor } from '../../db/client';
import { vinculos } from './schema';
import { vFotosPets } from './fotos/leitura';
import { vGuardioes } from './guardioes/leitura';
import { vRastreadores } from '../rastreadores/leitura';
import { ehGuardiao, ehGuardiaoSql } from './guardioes/sql';
import { compartilhadoPor } from './sql';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { comTotal, contagem, escaparLike } from '../../db/listas';

export interface FiltroMeusRastreadores extends Paginacao {
  descricao?: string | undefined;
  imei?: string | undefined;
}

const colunas = {
  id: vinculos.id,
  usuarioId: vinculos.usuarioId,
  rastreadorId: vRastreadores.id,
  imei: vRastreadores.imei,
  descricao: vinculos.descricao,
  intervaloLocalizacao: vinculos.intervaloLocalizacao,
  bateria: vRastreadores.bateria,
  nivelSinal: vRastreadores.nivelSinal,
  dataCadastro: vinculos.dataCadastro,
  ultimaComunicacao: vRastreadores.ultimaComunicacao,
  situacao: vRastreadores.situacaoEfetiva,
  situacaoEnergia: vRastreadores.situacaoEnergia,
  economiaBateria: vinculos.economiaBateria,
  ultraEconomiaBateria: vinculos.ultraEconomiaBateria,
  periUltraEconBateria: vinculos.periUltraEconBateria,
  perdidoDesde: vinculos.perdidoDesde,
  perdidoAte: vinculos.perdidoAte,
  /** Since when its subscription is suspended (issue #35): its map and history are hidden. */
  suspensoDesde: vinculos.suspensoDesde,
  /** The version of the pet's photo (fotos/), null without one. */
  fotoVersao: sql<string | null>`(select ${vFotosPets.versao} from ${vFotosPets} where ${vFotosPets.usuarioRastreadorId} = ${vinculos.id})`,
};

/** The links `usuarioId` sees: their own and those they are a co-guardian of (issue #20). */
export const visivelPara = (usuarioId: number) => or(eq(vinculos.usuarioId, usuarioId), ehGuardiao(vinculos.id, usuarioId)) as SQL;

const base = (db: Executor, usuarioId: number) =>
  db
    .select({ ...colunas, compartilhadoPor: compartilhadoPor(vinculos.usuarioId, usuarioId) })
    .from(vinculos)
    .innerJoin(vRastreadores, eq(vRastreadores.id, vinculos.rastreadorId));
export type LinhaMeuRastreador = Awaited<ReturnType<ReturnType<typeof base>['execute']>>[number];

function condicoes(usuarioId: number, f: Pick<FiltroMeusRastreadores, 'descricao' | 'imei'>): SQL | undefined {
  const c: SQL[] = [visivelPara(usuarioId)];
  if (f.descricao) c.push(like(sql`upper(${vinculos.descricao})`, `%${escaparLike(f.descricao.toUpperCase())}%`));
  if (f.imei) c.push(like(vRastreadores.imei, `%${escaparLike(f.imei)}%`));
  return and(...c);
}

export async function listar(db: Executor, usuarioId: number, f: FiltroMeusRastreadores) {
  const where = condicoes(usuarioId, f);
  return comTotal(
    base(db, usuarioId)
      .where(where)
      .orderBy(...ordenacao(colunas, vinculos.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(vinculos).innerJoin(vRastreadores, eq(vRastreadores.id, vinculos.rastreadorId)).where(where),
  );
}

/** One link this user sees, as owner or co-guardian (undefined for anyone else's); `usuarioId` of the row is the owner. */
export async function vinculoDoUsuario(db: Executor, usuarioId: number, id: number) {
  const [row] = await base(db, usuarioId).where(and(eq(vinculos.id, id), visivelPara(usuarioId)));
  return row;
}

/** Locks a link's row until the transaction ends: whoever counts what hangs from it (guardians, share links) goes in turn. */
export async function travarVinculo(db: Executor, id: number) {
  await db.select({ id: vinculos.id }).from(vinculos).where(eq(vinculos.id, id)).for('update');
}

/** The same, with the link locked until the transaction ends (whoever changes its lost-pet mode waits for the other). */
export async function buscarParaAlterar(db: Executor, usuarioId: number, id: number) {
  const [row] = await base(db, usuarioId)
    .where(and(eq(vinculos.id, id), visivelPara(usuarioId)))
    .for('update', { of: vinculos });
  return row;
}

/**
 * The tracker behind a link the user sees (as owner or co-guardian), or undefined: for the reads
 * that need only the access, not the tracker's state (raw SQL: a named statement, bench/api).
 */
export async function rastreadorDoVinculo(db: Executor, usuarioId: number, id: number) {
  const [row] = await consultar<{ rastreadorId: number }>(
    db,
    sql`select ur.rastreador_id as "rastreadorId" from usuario_rastreadores ur
        where ur.id = ${id} and (ur.usuario_id = ${usuarioId} or ${ehGuardiaoSql('ur', usuarioId)})`,
  );
  return row?.rastreadorId;
}

/**
 * These trackers as each of these users sees them — owner or co-guardian — with `usuarioId` the
 * viewer (the live channel: the users with a socket open, so the cost follows who watches, not how
 * many trackers moved). Both lists go as one array parameter each, in two named statements, as the
 * session of a token (auth/repository.ts): the live channel runs them on every NOTIFY, and
 * PostgreSQL spent more planning them (the joins of the views) than running them; named, each
 * connection plans them a few times and then reuses a generic plan (bench/HISTORICO.md, "Onde vai
 * a CPU do PostgreSQL").
 */
export function prepararPorRastreadores(db: Db) {
  const doRastreador = sql`${vinculos.rastreadorId} = any(${sql.placeholder('rastreadores')}::int[])`;
  const usuarios = sql`${sql.placeholder('usuarios')}::int[]`;
  const donos = db
    .select({ ...colunas, compartilhadoPor: sql<string | null>`null` })
    .from(vinculos)
    .innerJoin(vRastreadores, eq(vRastreadores.id, vinculos.rastreadorId))
    .where(and(doRastreador, sql`${vinculos.usuarioId} = any(${usuarios})`))
    .prepare('vinculos_dos_donos_por_rastreadores');
  const deGuardioes = db
    .select({
      ...colunas,
      usuarioId: sql<number>`${vGuardioes.usuarioId}`,
      compartilhadoPor: compartilhadoPor(vinculos.usuarioId, sql`${vGuardioes.usuarioId}`),
    })
    .from(vinculos)
    .innerJoin(vRastreadores, eq(vRastreadores.id, vinculos.rastreadorId))
    .innerJoin(vGuardioes, eq(vGuardioes.usuarioRastreadorId, vinculos.id))
    .where(and(doRastreador, sql`${vGuardioes.usuarioId} = any(${usuarios})`))
    .prepare('vinculos_dos_guardioes_por_rastreadores');
  return async (rastreadorIds: readonly number[], usuarioIds: readonly number[]) => {
    const valores = { rastreadores: literalDeArray(rastreadorIds), usuarios: literalDeArray(usuarioIds) };
    const [d, g] = await Promise.all([donos.execute(valores), deGuardioes.execute(valores)]);
    return [...d, ...g];
  };
}

/** The links a user owns (a co-guardian's trackers left out: the safe zones are the owner's). */
export function doDono(db: Executor, usuarioId: number) {
  return db
    .select({ id: vinculos.id, rastreadorId: vinculos.rastreadorId })
    .from(vinculos)
    .where(eq(vinculos.usuarioId, usuarioId))
    .orderBy(vinculos.id);
}

/** Every link a user sees, as owner or co-guardian (sync of all trackers). */
export function doUsuario(db: Executor, usuarioId: number) {
  return db
    .select({ id: vinculos.id, rastreadorId: vinculos.rastreadorId })
    .from(vinculos)
    .where(visivelPara(usuarioId))
    .orderBy(vinculos.id);
}

/** The trackers any of these users sees (the live channel after a reconnect). */
export function rastreadoresDosUsuarios(db: Executor, usuarioIds: readonly number[]) {
  // One array parameter, not one per user: every user with a socket on an instance may be here.
  const ids = sql`${literalDeArray(usuarioIds)}::int[]`;
  return db
    .select({ rastreadorId: vinculos.rastreadorId })
    .from(vinculos)
    .where(
      or(
        sql`${vinculos.usuarioId} = any(${ids})`,
        inArray(
          vinculos.id,
          db
            .select({ id: vGuardioes.usuarioRastreadorId })
            .from(vGuardioes)
            .where(sql`${vGuardioes.usuarioId} = any(${ids})`),
        ),
      ),
    );
}

/** The map filter's options: every tracker the user sees. */
export function opcoes(db: Executor, usuarioId: number) {
  return db
    .select({ id: vinculos.id, text: vinculos.descricao })
    .from(vinculos)
    .where(visivelPara(usuarioId))
    .orderBy(vinculos.descricao, vinculos.id);
}

/** How this user sees a tracker, in one query: its owner, a co-guardian, or not at all (undefined). */
export async function papel(db: Executor, usuarioId: number, rastreadorId: number) {
  const [row] = await db
    .select({ dono: sql<boolean>`${vinculos.usuarioId} = ${usuarioId}` })
    .from(vinculos)
    .where(and(eq(vinculos.rastreadorId, rastreadorId), visivelPara(usuarioId)));
  return row;
}

/** Who sees a tracker now, owner first, with the name its owner gave it (a device's alarm goes to all of them). */
export async function quemVeORastreador(db: Executor, rastreadorId: number) {
  const [dono] = await db
    .select({ id: vinculos.id, usuarioId: vinculos.usuarioId, descricao: vinculos.descricao })
    .from(vinculos)
    .where(eq(vinculos.rastreadorId, rastreadorId));
  if (!dono) return [];
  const outros = await db
    .select({ usuarioId: vGuardioes.usuarioId })
    .from(vGuardioes)
    .where(and(eq(vGuardioes.usuarioRastreadorId, dono.id), isNotNull(vGuardioes.usuarioId)));
  return [
    { usuarioId: dono.usuarioId, descricao: dono.descricao },
    ...outros.flatMap((g) => (g.usuarioId === null ? [] : [{ usuarioId: g.usuarioId, descricao: dono.descricao }])),
  ];
}

/** Who sees each of these trackers now: its owner and every co-guardian, a row per person. */
export function quemVeOsRastreadores(db: Executor, rastreadorIds: readonly number[]) {
  const ids = literalDeArray(rastreadorIds);
  return consultar<{ rastreadorId: number; usuarioId: number }>(
    db,
    sql`select ur.rastreador_id as "rastreadorId", ur.usuario_id as "usuarioId"
        from usuario_rastreadores ur where ur.rastreador_id = any(${ids}::int[])
        union all
        select ur.rastreador_id, g.usuario_id
        from v_guardioes g join usuario_rastreadores ur on ur.id = g.usuario_rastreador_id
        where ur.rastreador_id = any(${ids}::int[]) and g.usuario_id is not null`,
  );
}

export async function vincular(
  db: Executor,
  v: { usuarioId: number; rastreadorId: number; descricao: string; intervaloLocalizacao: number; periUltraEconBateria: number },
) {
  const [row] = await db.insert(vinculos).values(v).returning({ id: vinculos.id });
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
    .update(vinculos)
    .set(v)
    .where(and(eq(vinculos.id, id), eq(vinculos.usuarioId, usuarioId)))
    .returning({ id: vinculos.id });
  return rows.length > 0;
}

/** The link of a tracker, whoever owns it (undefined while unlinked). */
export async function vinculoDoRastreador(db: Executor, rastreadorId: number) {
  const [row] = await db
    .select({ usuarioId: vinculos.usuarioId, descricao: vinculos.descricao })
    .from(vinculos)
    .where(eq(vinculos.rastreadorId, rastreadorId));
  return row;
}

/** Lost-pet mode on until `ate` (kept `desde` when it was already on: the owner extends it). */
export async function iniciarPerdido(db: Executor, id: number, ate: Date) {
  await db
    .update(vinculos)
    .set({ perdidoDesde: sql`coalesce(${vinculos.perdidoDesde}, now())`, perdidoAte: ate, perdidoLocalizadoEm: sql`now()` })
    .where(eq(vinculos.id, id));
}

/** Lost-pet mode off. */
export async function encerrarPerdido(db: Executor, id: number) {
  await db.update(vinculos).set({ perdidoDesde: null, perdidoAte: null, perdidoLocalizadoEm: null }).where(eq(vinculos.id, id));
}

/**
 * Links whose lost-pet mode ran out, locked for this transaction (SKIP LOCKED: an owner turning
 * it off at the same moment keeps that row, and the other instance skips it).
 */
export function perdidosVencidos(db: Executor) {
  return db
    .select({ ...colunas, compartilhadoPor: sql<string | null>`null` })
    .from(vinculos)
    .innerJoin(vRastreadores, eq(vRastreadores.id, vinculos.rastreadorId))
    .where(and(sql`${vinculos.perdidoAte} is not null`, lte(vinculos.perdidoAte, sql`now()`)))
    .for('update', { of: vinculos, skipLocked: true });
}

/** Trackers in lost-pet mode not asked for a fix in the last `segundos`; marks them asked now. */
export async function perdidosParaLocalizar(db: Executor, segundos: number) {
  return db
    .update(vinculos)
    .set({ perdidoLocalizadoEm: sql`now()` })
    .where(
      and(
        sql`${vinculos.perdidoAte} > now()`,
        sql`(${vinculos.perdidoLocalizadoEm} is null or ${vinculos.perdidoLocalizadoEm} <= now() - make_interval(secs => ${segundos}))`,
      ),
    )
    .returning({ rastreadorId: vinculos.rastreadorId, usuarioId: vinculos.usuarioId });
}

/** Marks these links' subscriptions suspended since `desde`, or clears them (null): their map and history hide or show again. */
export async function definirSuspensao(db: Executor, ids: readonly number[], desde: Date | null) {
  if (ids.length > 0)
    await db
      .update(vinculos)
      .set({ suspensoDesde: desde })
      .where(inArray(vinculos.id, [...ids]));
}
