import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The one database type services and repositories see, whichever engine is behind it. Without a
 * schema: no code uses the relational query API (`db.query`), so db/ needs none of the modules' tables.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Types drizzle's node-postgres driver hands back as PostgreSQL's text (timestamps, dates,
 * intervals and their arrays): the named statements below do the same, so a row reads alike
 * whichever path ran it.
 */
const COMO_TEXTO = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const tiposComoDrizzle: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    COMO_TEXTO.has(oid) ? (v: string) => v : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};
const dialeto = new PgDialect();

/**
 * Raw queries' texts and the names they are prepared under. A name stands for one text for the
 * life of the process (node-postgres refuses a name reused with another text); past the bound, new
 * texts run unnamed, so a query built with varying text cannot fill every connection with plans.
 */
const nomesPreparados = new Map<string, string>();
const MAX_PREPARADAS = 100;

function nomePreparado(texto: string): string | undefined {
  let nome = nomesPreparados.get(texto);
  if (nome === undefined && nomesPreparados.size < MAX_PREPARADAS) {
    nome = `rastro_${nomesPreparados.size + 1}`;
    nomesPreparados.set(texto, nome);
  }
  return nome;
}

/**
 * Raw SQL returning rows (both drivers answer `{rows}`). On PostgreSQL, outside a transaction, it
 * goes to the pool as a named statement: each connection parses and plans a text once and then
 * only binds and executes it (the hot reads are raw SQL; bench/api). In a transaction and on
 * PGlite, through drizzle as any other query.
 */
export async function consultar<T = Record<string, unknown>>(db: Executor, query: SQL): Promise<T[]> {
  const cliente = (db as { $client?: unknown }).$client;
  if (cliente instanceof pg.Pool) {
    const { sql: text, params } = dialeto.sqlToQuery(query);
    const name = nomePreparado(text);
    const r = await cliente.query<T & pg.QueryResultRow>({
      text,
      values: params,
      types: tiposComoDrizzle,
      ...(name === undefined ? {} : { name }),
    });
    return r.rows;
  }
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** A query's values, or (building its text once) a placeholder in each one's place. */
export type ValoresOuMarcas<V> = { [K in keyof V]: V[K] | Placeholder<K & string> };

/**
 * A raw query whose text is fixed by its shape (`forma`: which filters, which order, never a
 * value), for the hot lists: on PostgreSQL outside a transaction, `montar` runs once per shape with
 * placeholders and drizzle turns it into text once; each call only fills the values in and runs it
 * as `consultar` does (a named statement). Building and rendering the query cost the admin list
 * more CPU than its SQL (bench/api). Elsewhere (PGlite, a transaction) `montar` runs with the
 * values, through `consultar`: the same builder, the same text.
 */
export function consultaPorForma<F, V extends Record<string, unknown>, T>(o: {
  chave: (forma: F) => string;
  nomes: readonly (keyof V & string)[];
  montar: (forma: F, v: ValoresOuMarcas<V>) => SQL;
}): (db: Executor, forma: F, valores: V) => Promise<T[]> {
  const marcas = Object.fromEntries(o.nomes.map((n) => [n, sql.placeholder(n)])) as ValoresOuMarcas<V>;
  const feitas = new Map<string, { text: string; params: unknown[]; name: string | undefined }>();
  return async (db, forma, valores) => {
    const cliente = (db as { $client?: unknown }).$client;
    if (!(cliente instanceof pg.Pool)) return consultar<T>(db, o.montar(forma, valores));
    const chave = o.chave(forma);
    let feita = feitas.get(chave);
    if (!feita) {
      const { sql: text, params } = dialeto.sqlToQuery(o.montar(forma, marcas));
      feita = { text, params, name: nomePreparado(text) };
      feitas.set(chave, feita);
    }
    const r = await cliente.query<T & pg.QueryResultRow>({
      text: feita.text,
      values: fillPlaceholders(feita.params, valores),
      types: tiposComoDrizzle,
      ...(feita.name === undefined ? {} : { name: feita.name }),
    });
    return r.rows;
  };
}

export interface Database {
  db: Db;
  /** PGlite only: the data directory as a tarball, to start other instances from. */
  dump?: () => Promise<Blob | File>;
  kind: 'pglite' | 'postgres';
  /**
   * Runs the SQL migrations and then `depois` (the seed), both under one lock on PostgreSQL, so
   * instances starting together on an empty database take turns.
   */
  migrate<T = void>(depois?: (db: Db) => Promise<T>): Promise<T | undefined>;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<boolean>;
  /**
   * PostgreSQL LISTEN: `fn` gets each NOTIFY payload of `canal` (across instances). A NOTIFY sent
   * while the listening connection is down (database restarted) is lost: `aoReconectar` runs
   * once LISTEN is in place again, for the caller to catch up from the tables.
   */
  listen(canal: string, fn: (payload: string) => void, aoReconectar?: () => void): Promise<() => Promise<void>>;
  /** PostgreSQL NOTIFY. */
  notify(canal: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

const canalValido = (c: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw new Error(`canal inválido: ${c}`);
  return c;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Key of the advisory lock that serialises migrations and seeds across instances. */
const MIGRATION_LOCK = 7_420_001;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(t);
        reject(e instanceof Error ? e : new Error(String(e)));
      },
    );
  });
}

/** True when `query` settles successfully within `ms`. */
const responde = (query: Promise<unknown>, ms: number) =>
  withTimeout(query, ms).then(
    () => true,
    () => false,
  );

/**
 * PGlite: `dataDir` undefined means in memory (tests); `loadDataDir` starts from a dump made by
 * `dumpDataDir()`, which skips initdb (tests start from a migrated and seeded template).
 */
export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const liberar = dataDir ? reservarDiretorio(dataDir) : undefined;
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady.catch((err: unknown) => {
    liberar?.();
    throw err;
  });
  const db = drizzlePglite({ client }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    listen: async (canal, fn) => client.listen(canalValido(canal), fn),
    notify: async (canal, payload) => {
      await client.query('select pg_notify($1, $2)', [canalValido(canal), payload]);
    },
    async migrate(depois) {
      await migratePglite(drizzlePglite({ client }), { migrationsFolder });
      return depois?.(db);
    },
    ping: async (timeoutMs = 2000) => !closed && (await responde(client.query('select 1'), timeoutMs)),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      liberar?.();
    },
  };
}

/**
 * PGlite is one process's database: a second process on the same directory would corrupt it. A
 * `<dir>.pid` file beside it (PGlite wants its own directory to itself), created exclusively,
 * holds the directory; one left by a process that is gone (killed) is taken over. Returns what
 * frees the directory.
 */
function reservarDiretorio(dataDir: string): () => void {
  const arquivo = `${path.resolve(dataDir)}.pid`;
  for (let tentativa = 0; tentativa < 2; tentativa++) {
    try {
      writeFileSync(arquivo, String(process.pid), { flag: 'wx' });
      return () => rmSync(arquivo, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const dono = Number(readFileSync(arquivo, 'utf8').trim());
      if (Number.isInteger(dono) && dono > 0 && dono !== process.pid && processoVivo(dono)) {
        throw new Error(
          `DATA_DIR ${dataDir} já está em uso pelo processo ${dono}: o PGlite aceita um processo por diretório (use DATABASE_URL para várias instâncias).`,
          { cause: err },
        );
      }
      rmSync(arquivo, { force: true });
    }
  }
  throw new Error(`não foi possível reservar ${arquivo}`);
}

function processoVivo(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Every connection talks in UTC, whatever the cluster's or database's `TimeZone`: its instants come
 * back as `…+00` text, which db/timestamps.ts writes as the API's ISO without a `Date`. A startup
 * parameter, so the zone is set before the connection runs anything (a `SET` on `connect` would race
 * the pool's first query); no query of the server depends on the session's zone (days are always
 * named explicitly). Spread into every pool's options by `poolSeguro`.
 */
const SESSOES_EM_UTC = { options: '-c TimeZone=UTC' } as const;

/**
 * A `pg.Pool` whose connections talk in UTC and whose lost connections never crash the process.
 * The pool listens for errors only on idle clients; a client checked out (a transaction, a COPY, a
 * replica read) that loses its server would emit an `error` nobody hears. Every client keeps a
 * listener for its whole life: its queries still fail with the error, and the pool discards it on
 * release, as it does any client that is no longer queryable.
 */
export function poolSeguro(opcoes: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool({ ...opcoes, ...SESSOES_EM_UTC });
  pool.on('error', () => undefined);
  pool.on('connect', (cliente) => cliente.on('error', () => undefined));
  return pool;
}

/**
 * PostgreSQL through a pool of `poolMax` connections. A statement running longer than
 * `statementTimeoutMs` (0: no limit) is cancelled by the server: a query stuck on a lock or a plan
 * gone wrong fails with an error instead of holding a connection, and the requests behind it,
 * forever.
 */
export async function openPostgres(url: string, poolMax = 10, statementTimeoutMs = 30_000): Promise<Database> {
  const pool = poolSeguro({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: 5000,
    statement_timeout: statementTimeoutMs,
  });
  const db = drizzlePg({ client: pool }) as unknown as Db;
  let closed = false;
  /** One dedicated connection holds every LISTEN of this instance; it is re-made if it drops. */
  const ouvintes = new Map<string, Set<(p: string) => void>>();
  const aoReconectar = new Set<() => void>();
  let escuta: pg.Client | undefined;
  let conectando: Promise<pg.Client> | undefined;
  /** The listening connection was lost: notifications may have been missed since. */
  let perdeu = false;
  const conectarEscuta = (): Promise<pg.Client> => {
    if (escuta) return Promise.resolve(escuta);
    conectando ??= (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (n) => {
        for (const fn of ouvintes.get(n.channel) ?? []) fn(n.payload ?? '');
      });
      const perdida = () => {
        if (escuta !== c) return;
        escuta = undefined;
        perdeu = true;
        if (!closed) setTimeout(() => void reconectar(), 1000).unref();
      };
      c.on('error', perdida);
      c.on('end', perdida);
      try {
        await c.connect();
        for (const canal of ouvintes.keys()) await c.query(`listen ${canal}`);
      } catch (err) {
        // Not awaited: ending a client whose socket already died may never settle.
        void c.end().catch(() => undefined);
        throw err;
      }
      escuta = c;
      if (perdeu) {
        perdeu = false;
        for (const fn of aoReconectar) fn();
      }
      return c;
    })().finally(() => (conectando = undefined));
    return conectando;
  };
  const reconectar = () => conectarEscuta().catch(() => !closed && setTimeout(() => void reconectar(), 2000).unref());
  return {
    db,
    kind: 'postgres',
    async listen(canal, fn, reconectou) {
      canalValido(canal);
      const novo = !ouvintes.has(canal);
      const set = ouvintes.get(canal) ?? new Set();
      set.add(fn);
      ouvintes.set(canal, set);
      if (reconectou) aoReconectar.add(reconectou);
      const c = await conectarEscuta();
      if (novo) await c.query(`listen ${canal}`);
      return async () => {
        set.delete(fn);
        if (reconectou) aoReconectar.delete(reconectou);
      };
    },
    async notify(canal, payload) {
      await pool.query('select pg_notify($1, $2)', [canalValido(canal), payload]);
    },
    async migrate(depois) {
      const client = await pool.connect();
      try {
        // Waiting for another instance's migrations, or building an index on a large table, may
        // take longer than the pool's statement limit: none here, back to it before release.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        const noBloqueio = drizzlePg({ client });
        await migratePg(noBloqueio, { migrationsFolder });
        return await depois?.(noBloqueio as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        await client.query('reset statement_timeout').catch(() => undefined);
        client.release();
      }
    },
    ping: async (timeoutMs = 2000) => !closed && (await responde(db.execute(sql`select 1`), timeoutMs)),
    async close() {
      if (closed) return;
      closed = true;
      await escuta?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  statementTimeoutMs?: number;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, opts.poolMax, opts.statementTimeoutMs)
    : openPglite(path.join(opts.dataDir, 'pglite'));
}
