import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { poolSeguro, type Database, type Db } from './client';

/**
 * Where heavy reads that tolerate a few seconds of lag go (docs/adr/0015-replica-de-leitura.md):
 * `sem-replica` (none configured: the primary's Db itself), `verificando` (before the first check),
 * `ativa` (the replica), `atrasada` (up, lagging past the limit) and `indisponivel` (down).
 * Every state but `ativa` reads from the primary.
 */
export type EstadoReplica = 'sem-replica' | 'verificando' | 'ativa' | 'atrasada' | 'indisponivel';

export interface Leitura {
  /**
   * For reads only, each call site choosing it: the replica's when it is up and within
   * REPLICA_ATRASO_MAX_SEGUNDOS, the primary's otherwise. A query that loses the replica
   * midway runs again on the primary.
   */
  db: Db;
  estado(): { estado: EstadoReplica; atrasoSegundos: number | null };
  /** Runs one check now (tests; the app checks on its own every second). */
  verificar(): Promise<void>;
  close(): Promise<void>;
}

/** What the checks log, on each change of state only. */
export interface RegistroLeitura {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OpcoesLeitura {
  /** DATABASE_URL_LEITURA; none: the primary's Db, nothing opened. */
  url: string | undefined;
  atrasoMaxSegundos: number;
  /**
   * REPLICA_LEITURA_CAUSAL: each read on the replica first waits (up to CAUSAL_ESPERA_MS, else it
   * goes to the primary) until the replica has replayed what the primary had written when the
   * read began, so a read sees every write committed before it. Two short round trips more per
   * read; the test suite runs so, to read its own writes through the replica.
   */
  causal?: boolean;
  poolMax: number;
  statementTimeoutMs: number;
  log: RegistroLeitura;
  intervaloMs?: number;
}

/** A check that takes longer than this counts as the replica being down. */
const PRAZO_VERIFICACAO_MS = 5000;
/** How long a causal read waits for the replica to catch up before it reads the primary. */
const CAUSAL_ESPERA_MS = 1000;
/** Primary WAL positions kept to bound the replica's lag (one per check). */
const MAX_AMOSTRAS = 120;

/** "16/B374D848" as a number. */
function lsnParaNumero(lsn: string | null): bigint | null {
  const m = lsn ? /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn) : null;
  if (!m?.[1] || !m[2]) return null;
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
}

/**
 * The replica (or the connection to it) failed, not the query: refused or lost connections,
 * a server starting or shutting down, a database not yet replayed. Such a query is run again on
 * the primary.
 */
export function falhaDeConexao(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // 08: connection exception; 57P01–03: shutdown, crash, cannot connect now; 3D000: no such database.
    if (code.startsWith('08') || ['57P01', '57P02', '57P03', '3D000'].includes(code)) return true;
    // Node's socket errors (ECONNREFUSED, ECONNRESET, EPIPE, ETIMEDOUT…).
    return /^E[A-Z]+$/.test(code);
  }
  // node-postgres's own errors carry no code.
  const msg = err instanceof Error ? err.message : '';
  return /connection terminated|timeout exceeded when trying to connect|connection error|not queryable/i.test(msg);
}

/** A standby cancels a read that conflicts with replay (40001, 40P01): the primary has no such conflict. */
const conflitoComReplay = (err: unknown) => ['40001', '40P01'].includes(String((err as { code?: unknown } | null)?.code));

type Consulta = (...args: unknown[]) => Promise<unknown>;

/**
 * A pg.Pool to drizzle and `consultar` (both take the named-statement path of a pool): each query
 * and each transaction's connection goes where `rota` says. Its own connections are never used.
 */
class PoolRoteado extends pg.Pool {
  constructor(rota: { query: Consulta; connect: () => Promise<pg.PoolClient> }) {
    super({ max: 1 });
    Object.defineProperties(this, { query: { value: rota.query }, connect: { value: rota.connect } });
  }
}

const consultaDe = (alvo: pg.Pool | pg.PoolClient) => alvo.query.bind(alvo) as unknown as Consulta;

/** The primary's WAL position at the start of a check. */
interface Amostra {
  t: number;
  lsn: bigint;
}

/** Causal reads: true once `cliente`'s replica has replayed the primary's current WAL position. */
async function alcancou(poolPrimario: pg.Pool, cliente: pg.PoolClient): Promise<boolean> {
  const p = await poolPrimario.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const alvo = lsnParaNumero(p.rows[0]?.lsn ?? null);
  if (alvo === null) return false;
  const fim = Date.now() + CAUSAL_ESPERA_MS;
  for (;;) {
    const r = await cliente.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
    const replay = lsnParaNumero(r.rows[0]?.lsn ?? null);
    if (replay !== null && replay >= alvo) return true;
    if (Date.now() > fim) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * The lag is bounded two ways, the smaller wins: by the last commit replayed (now minus its
 * time; it grows on an idle primary though nothing lags), and by the primary's WAL position
 * at earlier checks (the replica has replayed everything the primary had written at time t,
 * so it is at most now − t behind; 0 when it has replayed the primary's current position).
 * `amostras` keeps the primary's positions across checks (this one adds its own).
 */
async function medirAtraso(poolPrimario: pg.Pool, replica: pg.Pool, amostras: Amostra[]): Promise<number> {
  const t0 = Date.now();
  const [p, r] = await Promise.all([
    poolPrimario.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn').then(
      (res) => lsnParaNumero(res.rows[0]?.lsn ?? null),
      // Primary unreachable: only the replay time can tell.
      () => null,
    ),
    replica.query<{ recuperando: boolean; lsn: string | null; atraso: number | null }>(
      `select pg_is_in_recovery() as recuperando, pg_last_wal_replay_lsn()::text as lsn,
              extract(epoch from now() - pg_last_xact_replay_timestamp())::float8 as atraso`,
    ),
  ]);
  const linha = r.rows[0];
  // Not a standby (e.g. promoted): nothing to wait for.
  if (!linha?.recuperando) return 0;
  const replay = lsnParaNumero(linha.lsn);
  if (p !== null) {
    amostras.push({ t: t0, lsn: p });
    if (amostras.length > MAX_AMOSTRAS) amostras.shift();
    if (replay !== null && replay >= p) return 0;
  }
  let limite = Number.POSITIVE_INFINITY;
  if (replay !== null) {
    for (let i = amostras.length - 1; i >= 0; i--) {
      const a = amostras[i];
      if (a && a.lsn <= replay) {
        limite = (Date.now() - a.t) / 1000;
        break;
      }
    }
  }
  if (linha.atraso !== null) limite = Math.min(limite, Math.max(0, linha.atraso));
  return limite;
}

/**
 * A Db whose reads go to the replica while `rota.ativa()`, one connection per read (waiting first,
 * in causal mode, for the replica to replay the primary's position), and to the primary otherwise
 * or when the replica is lost midway (`rota.caiu`) or cancels a read in conflict with replay.
 */
function dbRoteado(
  poolPrimario: pg.Pool,
  replica: pg.Pool,
  rota: { causal: boolean; ativa: () => boolean; caiu: (err: unknown) => void },
): Db {
  const consultaPrimario = consultaDe(poolPrimario);

  /** A replica connection for one read, or undefined (down, or behind a causal read's start): the primary's then. */
  async function clienteDaReplica(): Promise<pg.PoolClient | undefined> {
    if (!rota.ativa()) return undefined;
    let cliente: pg.PoolClient;
    try {
      cliente = await replica.connect();
    } catch (err) {
      rota.caiu(err);
      return undefined;
    }
    if (!rota.causal) return cliente;
    try {
      if (await alcancou(poolPrimario, cliente)) return cliente;
      cliente.release();
    } catch (err) {
      const perdida = falhaDeConexao(err);
      cliente.release(perdida ? (err as Error) : undefined);
      if (perdida) rota.caiu(err);
    }
    return undefined;
  }

  async function query(...args: unknown[]): Promise<unknown> {
    const cliente = await clienteDaReplica();
    if (!cliente) return consultaPrimario(...args);
    try {
      const r = await consultaDe(cliente)(...args);
      cliente.release();
      return r;
    } catch (err) {
      const perdida = falhaDeConexao(err);
      // A connection that failed is discarded, not returned to the pool.
      cliente.release(perdida ? (err as Error) : undefined);
      if (perdida) rota.caiu(err);
      if (perdida || conflitoComReplay(err)) return consultaPrimario(...args);
      throw err;
    }
  }
  async function connect(): Promise<pg.PoolClient> {
    return (await clienteDaReplica()) ?? poolPrimario.connect();
  }
  return drizzlePg({ client: new PoolRoteado({ query, connect }) }) as unknown as Db;
}

/** The read executor of DATABASE_URL_LEITURA, or the primary's Db when there is none or on PGlite. */
export async function abrirLeitura(primario: Database, opts: OpcoesLeitura): Promise<Leitura> {
  const doPrimario = (primario.db as { $client?: unknown }).$client;
  if (!opts.url || primario.kind !== 'postgres' || !(doPrimario instanceof pg.Pool)) {
    if (opts.url) opts.log.warn({}, 'DATABASE_URL_LEITURA ignorada: sem DATABASE_URL o banco é o PGlite embutido');
    return {
      db: primario.db,
      estado: () => ({ estado: 'sem-replica', atrasoSegundos: null }),
      verificar: async () => undefined,
      close: async () => undefined,
    };
  }
  const poolPrimario: pg.Pool = doPrimario;
  const { atrasoMaxSegundos, log } = opts;
  const intervaloMs = opts.intervaloMs ?? 1000;
  const replica = poolSeguro({
    connectionString: opts.url,
    max: opts.poolMax,
    connectionTimeoutMillis: 2000,
    statement_timeout: opts.statementTimeoutMs,
    application_name: 'rastro-leitura',
  });

  let estado: EstadoReplica = 'verificando';
  let atrasoSegundos: number | null = null;
  let fechado = false;
  let timer: NodeJS.Timeout | undefined;
  /** The primary's WAL position at the start of each recent check. */
  const amostras: Amostra[] = [];

  const mudar = (novo: EstadoReplica, detalhe: object) => {
    if (novo === estado || fechado) return;
    estado = novo;
    if (novo === 'ativa') log.info({ atrasoSegundos }, 'réplica de leitura em uso: leituras pesadas vão para ela');
    else if (novo === 'atrasada')
      log.warn({ atrasoSegundos, limiteSegundos: atrasoMaxSegundos }, 'réplica de leitura atrasada além do limite: lendo do primário');
    else log.warn(detalhe, 'réplica de leitura indisponível: lendo do primário');
  };
  const caiu = (err: unknown) => mudar('indisponivel', { erro: err instanceof Error ? err.message : String(err) });

  const db = dbRoteado(poolPrimario, replica, { causal: opts.causal ?? false, ativa: () => estado === 'ativa', caiu });

  async function verificar() {
    let prazo: NodeJS.Timeout | undefined;
    try {
      const atraso = await Promise.race([
        medirAtraso(poolPrimario, replica, amostras),
        new Promise<never>((_, rejeitar) => {
          prazo = setTimeout(() => rejeitar(new Error('a verificação da réplica não respondeu a tempo')), PRAZO_VERIFICACAO_MS);
        }),
      ]);
      atrasoSegundos = Number.isFinite(atraso) ? Math.round(atraso * 1000) / 1000 : null;
      mudar(atraso <= atrasoMaxSegundos ? 'ativa' : 'atrasada', {});
    } catch (err) {
      atrasoSegundos = null;
      caiu(err);
    } finally {
      clearTimeout(prazo);
    }
  }

  const agendar = () => {
    if (fechado) return;
    timer = setTimeout(() => void verificar().finally(agendar), intervaloMs);
    timer.unref();
  };
  await verificar();
  agendar();

  return {
    db,
    estado: () => ({ estado, atrasoSegundos }),
    verificar,
    async close() {
      if (fechado) return;
      fechado = true;
      clearTimeout(timer);
      // Reads still in flight finish on the primary.
      estado = 'indisponivel';
      await replica.end();
    },
  };
}
