import { finished } from 'node:stream/promises';
import { and, desc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { literalDeArray } from '../../db/arrays';
import { ArrayBinario, CopiaBinaria, ForaDoTipo, OID } from '../../db/copy';
import { violaUnicidade } from '../../lib/erros-do-postgres';
import { ehGuardiaoSql } from '../meus-rastreadores/guardioes/sql';
import { compartilhadoPor } from '../meus-rastreadores/sql';
import { consultaPorForma, consultar, type Executor } from '../../db/client';
import { toIsoUtc } from '../../db/timestamps';
import { baterias, localizacoes, localizacoesAtuais } from './schema';
import { vVinculos } from '../meus-rastreadores/leitura';
import { vRastreadores } from '../rastreadores/leitura';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { comTotal, contagem } from '../../db/listas';

export type NovaLocalizacao = typeof localizacoes.$inferInsert;

/**
 * A whole batch (from many connections) at once, in one transaction. A row already stored (a frame
 * the device sent again because it missed the ack) is skipped: the resend is acknowledged, not
 * duplicated. Each tracker's current position (`localizacoes_atuais`, one row per tracker and
 * kind) moves forward to the newest new row with coordinates not dated ahead; in tracker order, so
 * concurrent batches lock those rows in one order. On PostgreSQL by COPY, else by `unnest` (ADR 0028).
 */
export async function inserirLocalizacoes(db: Executor, linhas: NovaLocalizacao[]) {
  if (linhas.length === 0) return;
  const cliente = (db as { $client?: unknown }).$client;
  if (cliente instanceof pg.Pool) {
    try {
      await copiarLocalizacoes(cliente, linhas);
      return;
    } catch (err) {
      // A row already stored (a resend) fails the whole COPY, and a value out of its column's type
      // cannot be written into it: the statement below skips the one and has PostgreSQL refuse the other.
      if (!(err instanceof ForaDoTipo) && !violaUnicidade(err)) throw err;
    }
  }
  await inserirPorUnnest(db, linhas);
}

/** The columns a batch fills, each with how its value is written into the binary COPY. */
const COLUNAS_COPY: readonly (readonly [string, (c: CopiaBinaria, l: NovaLocalizacao) => void])[] = [
  ['rastreador_id', (c, l) => c.int4(l.rastreadorId)],
  ['tipo', (c, l) => c.texto(l.tipo)],
  ['data_hora', (c, l) => c.instante(l.dataHora)],
  ['latitude', (c, l) => c.float8(l.latitude)],
  ['longitude', (c, l) => c.float8(l.longitude)],
  ['velocidade', (c, l) => c.float4(l.velocidade)],
  ['curso', (c, l) => c.int2(l.curso)],
  ['precisao', (c, l) => c.float4(l.precisao)],
  ['satelites', (c, l) => c.int2(l.satelites)],
  ['mac_address', (c, l) => c.texto(l.macAddress)],
  ['nivel_sinal', (c, l) => c.int2(l.nivelSinal)],
  ['codigo_pais', (c, l) => c.int2(l.codigoPais)],
  ['rede', (c, l) => c.int2(l.rede)],
  ['codigo_area', (c, l) => c.int4(l.codigoArea)],
  ['identificador_torre', (c, l) => c.int8(l.identificadorTorre)],
  ['futura', (c, l) => c.booleano(l.futura ?? false)],
];
const COPY_LOCALIZACOES = `COPY ${getTableName(localizacoes)} (${COLUNAS_COPY.map(([nome]) => nome).join(', ')}) FROM STDIN (FORMAT binary)`;

/** One column of `linhas` as a binary array parameter of element type `oid`. */
function emArray(linhas: readonly NovaLocalizacao[], oid: number, escrever: (a: ArrayBinario, l: NovaLocalizacao) => void) {
  const a = new ArrayBinario(oid, linhas.length);
  for (const l of linhas) escrever(a, l);
  return a.fim();
}

/**
 * PostgreSQL: the batch by a binary `COPY … FROM STDIN` straight into the partitioned table
 * (PostgreSQL's cheapest way in, ADR 0028), and each tracker's current position moved in the same
 * transaction. A row already stored makes the COPY fail with 23505 and nothing is kept; a value
 * its column cannot hold throws `ForaDoTipo` before anything is sent (the caller then uses the
 * statement that skips the one and has PostgreSQL refuse the other).
 */
async function copiarLocalizacoes(pool: pg.Pool, linhas: readonly NovaLocalizacao[]) {
  // ~110 bytes for a GPS row; the writer grows if scans' text needs more.
  const copia = new CopiaBinaria(32 + linhas.length * 128);
  const atuais = new Map<string, NovaLocalizacao>();
  for (const l of linhas) {
    copia.linha(COLUNAS_COPY.length);
    for (const [, escrever] of COLUNAS_COPY) escrever(copia, l);
    if (l.latitude === null || l.latitude === undefined || l.longitude === null || l.longitude === undefined || l.futura) continue;
    const chave = `${l.rastreadorId}:${l.tipo}`;
    const antes = atuais.get(chave);
    if (!antes || antes.dataHora < l.dataHora) atuais.set(chave, l);
  }
  const dados = copia.fim();
  // In tracker order, as the statement below locks them (concurrent batches take the rows in one order).
  const novas = [...atuais.values()].sort((a, b) => a.rastreadorId - b.rastreadorId || (a.tipo < b.tipo ? -1 : a.tipo > b.tipo ? 1 : 0));
  const cliente = await pool.connect();
  try {
    await cliente.query('begin');
    const envio = cliente.query(copyFrom(COPY_LOCALIZACOES));
    envio.end(dados);
    await finished(envio);
    if (novas.length > 0)
      await cliente.query({
        name: 'localizacoes-atuais-do-copy',
        text: `insert into localizacoes_atuais (rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade)
          select * from unnest($1::int[], $2::varchar[], $3::timestamptz[], $4::float8[], $5::float8[], $6::real[], $7::real[])
          on conflict (rastreador_id, tipo) do update
            set data_hora = excluded.data_hora, latitude = excluded.latitude, longitude = excluded.longitude,
                precisao = excluded.precisao, velocidade = excluded.velocidade
            where excluded.data_hora > localizacoes_atuais.data_hora`,
        // Binary arrays: neither JavaScript writes nor PostgreSQL parses each date and double as text.
        values: [
          emArray(novas, OID.int4, (a, l) => a.int4(l.rastreadorId)),
          emArray(novas, OID.varchar, (a, l) => a.texto(l.tipo)),
          emArray(novas, OID.timestamptz, (a, l) => a.instante(l.dataHora)),
          emArray(novas, OID.float8, (a, l) => a.float8(l.latitude)),
          emArray(novas, OID.float8, (a, l) => a.float8(l.longitude)),
          emArray(novas, OID.float4, (a, l) => a.float4(l.precisao)),
          emArray(novas, OID.float4, (a, l) => a.float4(l.velocidade)),
        ],
      });
    await cliente.query('commit');
  } catch (err) {
    await cliente.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    cliente.release();
  }
}

/**
 * PGlite (and a batch with a resend): one array per column, unnested by the server, so the SQL
 * text is the same for any batch size; a row already stored is skipped.
 */
async function inserirPorUnnest(db: Executor, linhas: readonly NovaLocalizacao[]) {
  const col = (f: (l: NovaLocalizacao) => number | string | boolean | Date | null | undefined) => sql.param(literalDeArray(linhas.map(f)));
  await db.execute(sql`
    with novas as (
      insert into ${localizacoes} (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, precisao, satelites,
        mac_address, nivel_sinal, codigo_pais, rede, codigo_area, identificador_torre, futura)
      select * from unnest(${col((l) => l.rastreadorId)}::int[], ${col((l) => l.tipo)}::varchar[], ${col((l) => l.dataHora)}::timestamptz[],
        ${col((l) => l.latitude)}::float8[], ${col((l) => l.longitude)}::float8[], ${col((l) => l.velocidade)}::real[], ${col((l) => l.curso)}::smallint[],
        ${col((l) => l.precisao)}::real[], ${col((l) => l.satelites)}::smallint[], ${col((l) => l.macAddress)}::varchar[], ${col((l) => l.nivelSinal)}::smallint[],
        ${col((l) => l.codigoPais)}::smallint[], ${col((l) => l.rede)}::smallint[], ${col((l) => l.codigoArea)}::int[], ${col((l) => l.identificadorTorre)}::bigint[],
        ${col((l) => l.futura ?? false)}::boolean[])
      on conflict do nothing
      returning rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade, futura
    )
    insert into localizacoes_atuais (rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade)
    select distinct on (rastreador_id, tipo) rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade
    from novas where latitude is not null and longitude is not null and not futura
    order by rastreador_id, tipo, data_hora desc
    on conflict (rastreador_id, tipo) do update
      set data_hora = excluded.data_hora, latitude = excluded.latitude, longitude = excluded.longitude,
          precisao = excluded.precisao, velocidade = excluded.velocidade
      where excluded.data_hora > localizacoes_atuais.data_hora`);
}

/**
 * Moves the current positions of these trackers (every tracker: undefined) forward to the newest
 * row of their history: for rows written around `inserirLocalizacoes` (an import, a repair, tests).
 */
export async function recalcularLocalizacoesAtuais(db: Executor, rastreadorIds?: readonly number[]) {
  const filtro = rastreadorIds ? sql`and rastreador_id = any(${literalDeArray(rastreadorIds)}::int[])` : sql``;
  await db.execute(sql`
    insert into localizacoes_atuais (rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade)
    select distinct on (rastreador_id, tipo) rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade
    from localizacoes where latitude is not null and longitude is not null and not futura ${filtro}
    order by rastreador_id, tipo, data_hora desc, id desc
    on conflict (rastreador_id, tipo) do update
      set data_hora = excluded.data_hora, latitude = excluded.latitude, longitude = excluded.longitude,
          precisao = excluded.precisao, velocidade = excluded.velocidade
      where excluded.data_hora > localizacoes_atuais.data_hora`);
}

/** One battery reading the device reported. */
export async function inserirBateria(
  db: Executor,
  b: { rastreadorId: number; bateria: number; nivelSinal: number | null; carregando: boolean | null },
) {
  await db.insert(baterias).values(b);
}

/** Who may see a tracker's data: its owner's id (null while unlinked). Undefined: no such tracker. */
export async function donoDoRastreador(db: Executor, rastreadorId: number) {
  const [row] = await db
    .select({
      id: vRastreadores.id,
      donoId: vVinculos.usuarioId,
      descricao: vVinculos.descricao,
      imei: vRastreadores.imei,
      suspensoDesde: vVinculos.suspensoDesde,
      perdidoDesde: vVinculos.perdidoDesde,
      perdidoAte: vVinculos.perdidoAte,
    })
    .from(vRastreadores)
    .leftJoin(vVinculos, eq(vVinculos.rastreadorId, vRastreadores.id))
    .where(eq(vRastreadores.id, rastreadorId));
  return row;
}

export interface FiltroLocalizacoes extends Paginacao {
  rastreadorId: number;
  tipoLocalizacao?: string | undefined;
  /** Rows dated ahead by the device's clock are left out unless asked for. */
  incluirFuturas?: boolean | undefined;
}

const colunasLocalizacao = {
  id: localizacoes.id,
  rastreadorId: localizacoes.rastreadorId,
  tipo: localizacoes.tipo,
  dataHora: localizacoes.dataHora,
  latitude: localizacoes.latitude,
  longitude: localizacoes.longitude,
  velocidade: localizacoes.velocidade,
  curso: localizacoes.curso,
  precisao: localizacoes.precisao,
  macAddress: localizacoes.macAddress,
  nivelSinal: localizacoes.nivelSinal,
  codigoPais: localizacoes.codigoPais,
  rede: localizacoes.rede,
  codigoArea: localizacoes.codigoArea,
  identificadorTorre: localizacoes.identificadorTorre,
};

export async function listarLocalizacoes(db: Executor, f: FiltroLocalizacoes) {
  const c: SQL[] = [eq(localizacoes.rastreadorId, f.rastreadorId)];
  if (f.tipoLocalizacao) c.push(eq(localizacoes.tipo, f.tipoLocalizacao));
  if (!f.incluirFuturas) c.push(eq(localizacoes.futura, false));
  const where = and(...c);
  return comTotal(
    db
      .select(colunasLocalizacao)
      .from(localizacoes)
      .where(where)
      .orderBy(...ordenacao({ dataHora: localizacoes.dataHora }, localizacoes.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(localizacoes).where(where),
  );
}

export async function listarBaterias(db: Executor, f: Paginacao & { rastreadorId: number }) {
  const where = eq(baterias.rastreadorId, f.rastreadorId);
  return comTotal(
    db
      .select({
        id: baterias.id,
        bateria: baterias.bateria,
        nivelSinal: baterias.nivelSinal,
        carregando: baterias.carregando,
        dataCadastro: baterias.dataCadastro,
      })
      .from(baterias)
      .where(where)
      .orderBy(...ordenacao({ dataCadastro: baterias.dataCadastro }, baterias.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(baterias).where(where),
  );
}

/** A history never returns more than this many points (a week at one fix every 30 s). */
export const LIMITE_PONTOS_HISTORICO = 20_000;

export interface PontoHistorico {
  id: number;
  tipo: string;
  /** ISO-8601 in UTC, as the API writes it (db/timestamps.ts). */
  dataHora: string;
  latitude: number;
  longitude: number;
  velocidade: number | null;
  curso: number | null;
  precisao: number | null;
}

/**
 * Positions (rows with coordinates) of one tracker between two instants, in time order. Raw SQL,
 * as `listarLocalizacoesAtuais`: a day is 1,440 rows or more, and the ORM's per-row mapping cost as much
 * as everything else the request does.
 */
export async function historico(db: Executor, rastreadorId: number, de: Date, ate: Date): Promise<PontoHistorico[]> {
  const rows = await consultar<Omit<PontoHistorico, 'id'> & { id: number | string | bigint }>(
    db,
    sql`select id, tipo, data_hora as "dataHora", latitude, longitude, velocidade, curso, precisao from localizacoes
        where rastreador_id = ${rastreadorId} and latitude is not null and not futura and data_hora >= ${de.toISOString()}::timestamptz and data_hora <= ${ate.toISOString()}::timestamptz
        order by data_hora asc, id asc limit ${LIMITE_PONTOS_HISTORICO}`,
  );
  // bigint comes as text from node-postgres and as BigInt from PGlite; timestamps as text from both.
  // The driver's rows are this call's own: each is completed in place, not copied.
  for (const r of rows) {
    r.id = Number(r.id);
    r.dataHora = toIsoUtc(r.dataHora);
  }
  return rows as PontoHistorico[];
}

export interface LocalizacaoAtual {
  usuarioRastreadorId: number;
  rastreadorId: number;
  usuarioId: number;
  descricao: string;
  bateria: number | null;
  situacaoEnergia: string;
  tipo: string;
  /** ISO-8601 in UTC, as the API writes it (db/timestamps.ts). */
  dataHora: string;
  latitude: number;
  longitude: number;
  precisao: number | null;
  velocidade: number | null;
  perdidoDesde: Date | null;
  perdidoAte: Date | null;
  /** Since when the pet's subscription is suspended (issue #35); null when it is not. */
  suspensoDesde: Date | null;
  /** The owner's name when the position is of a pet shared with the user asking; null otherwise (and for a set of trackers). */
  compartilhadoPor: string | null;
  /** The version of the pet's photo (meus-rastreadores/fotos), null without one. */
  fotoVersao: string | null;
}

type LinhaDoMapa = Omit<LocalizacaoAtual, 'dataHora' | 'perdidoDesde' | 'perdidoAte' | 'suspensoDesde'> & {
  dataHora: Date | string;
  perdidoDesde: Date | string | null;
  perdidoAte: Date | string | null;
  suspensoDesde: Date | string | null;
};

/** Whose trackers the map reads: a set of trackers (the live channel), one link of a user, or all the user's. */
type FormaDoMapa = 'rastreadores' | 'vinculo' | 'usuario';

/** The map's current positions, its text made once per shape (db/client.ts `consultaPorForma`): the hottest read. */
const consultaDoMapa = consultaPorForma<FormaDoMapa, { ids: string; usuarioId: number; usuarioRastreadorId: number }, LinhaDoMapa>({
  chave: (f) => f,
  nomes: ['ids', 'usuarioId', 'usuarioRastreadorId'],
  montar: (f, v) => {
    const doUsuario = sql`(ur.usuario_id = ${v.usuarioId} or ${ehGuardiaoSql('ur', v.usuarioId)})`;
    const where =
      f === 'rastreadores'
        ? sql`ur.rastreador_id = any(${v.ids}::int[])`
        : f === 'vinculo'
          ? sql`${doUsuario} and ur.id = ${v.usuarioRastreadorId}`
          : doUsuario;
    const nomeDoDono = f === 'rastreadores' ? sql`null::text` : compartilhadoPor(sql.raw('ur.usuario_id'), v.usuarioId);
    return sql`select ur.id as "usuarioRastreadorId", ur.rastreador_id as "rastreadorId", ur.usuario_id as "usuarioId", ur.descricao,
          r.bateria, r.situacao_energia as "situacaoEnergia", l.tipo, l.data_hora as "dataHora", l.latitude, l.longitude,
          l.precisao, l.velocidade, ur.perdido_desde as "perdidoDesde", ur.perdido_ate as "perdidoAte",
          ur.suspenso_desde as "suspensoDesde",
          ${nomeDoDono} as "compartilhadoPor",
          (select f.versao from v_fotos_pets f where f.usuario_rastreador_id = ur.id) as "fotoVersao"
        from v_vinculos ur
        join v_rastreadores r on r.id = ur.rastreador_id
        join lateral (
          select tipo, data_hora, latitude, longitude, precisao, velocidade from localizacoes_atuais
          where rastreador_id = ur.rastreador_id
          order by data_hora desc limit 1
        ) l on true
        where ${where}
        order by ur.descricao, ur.id`;
  },
});

/**
 * The latest position of each linked tracker matching `filtro` (a user's, one link, or a set of
 * trackers for the live channel): the newest of its current positions (one per kind), never the history.
 */
export async function listarLocalizacoesAtuais(
  db: Executor,
  filtro: { usuarioId: number; usuarioRastreadorId?: number | undefined } | { rastreadorIds: readonly number[] },
) {
  const rows =
    'rastreadorIds' in filtro
      ? await consultaDoMapa(db, 'rastreadores', {
          ids: `{${filtro.rastreadorIds.map((n) => Math.trunc(n)).join(',')}}`,
          usuarioId: 0,
          usuarioRastreadorId: 0,
        })
      : await consultaDoMapa(db, filtro.usuarioRastreadorId === undefined ? 'usuario' : 'vinculo', {
          ids: '{}',
          usuarioId: filtro.usuarioId,
          usuarioRastreadorId: filtro.usuarioRastreadorId ?? 0,
        });
  const data = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map(
    (r): LocalizacaoAtual => ({
      ...r,
      dataHora: toIsoUtc(r.dataHora),
      perdidoDesde: data(r.perdidoDesde),
      perdidoAte: data(r.perdidoAte),
      suspensoDesde: data(r.suspensoDesde),
    }),
  );
}

/** The newest stored position (with coordinates, not dated ahead) of one tracker. */
export async function ultimaLocalizacao(db: Executor, rastreadorId: number) {
  const [row] = await db
    .select({
      latitude: localizacoesAtuais.latitude,
      longitude: localizacoesAtuais.longitude,
      dataHora: localizacoesAtuais.dataHora,
      tipo: localizacoesAtuais.tipo,
    })
    .from(localizacoesAtuais)
    .where(eq(localizacoesAtuais.rastreadorId, rastreadorId))
    .orderBy(desc(localizacoesAtuais.dataHora))
    .limit(1);
  return row;
}
