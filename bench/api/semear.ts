import { execFile } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * The benchmark's data, loaded with COPY into a migrated and seeded database: owners (client
 * level), their trackers (each with a chip, linked), and a track of one position a minute per
 * tracker, newest at `t0`. Rows go in the order a live fleet writes them (minute by minute, all
 * trackers), so a tracker's points are spread over the table as in production.
 */

export interface Carga {
  donos: number;
  rastreadores: number;
  /** Minutes of track per tracker, one position each. */
  minutos: number;
}

/** What the load needs to know of the data. */
export interface Base {
  /** Owners' user ids, in creation order. */
  donos: number[];
  /** Each owner's links (usuario_rastreadores ids), same order as `donos`. */
  vinculosPorDono: number[][];
  /** Newest position's instant (every tracker has one at exactly this time). */
  t0: Date;
  /** Minutes of track per tracker now stored, from the oldest position to `t0`. */
  minutos: number;
}

export interface Semeado extends Base {
  posicoes: number;
  msPosicoes: number;
  msVacuum: number;
}

/** Deterministic and fast: the same data on every run. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOMES = ['REX', 'THOR', 'LUNA', 'MEL', 'BOB', 'NINA', 'FRED', 'LOLA', 'TOBY', 'MAYA', 'BIDU', 'PIPOCA'];

/** One COPY; how many rows it wrote. */
async function copiar(client: pg.Client, comando: string, linhas: Iterable<string> | AsyncIterable<string>): Promise<number> {
  const destino = client.query(copyFrom(comando));
  await pipeline(Readable.from(linhas, { objectMode: false }), destino);
  return destino.rowCount;
}

function* emLotes<T>(itens: readonly T[], linha: (x: T, i: number) => string, lote = 1000) {
  for (let i = 0; i < itens.length; i += lote) {
    let s = '';
    for (let k = i; k < Math.min(itens.length, i + lote); k++) s += linha(itens[k] as T, k);
    yield s;
  }
}

const ids = async (client: pg.Client, q: string) => (await client.query<{ id: number }>(q)).rows.map((r) => r.id);

/** The benchmark's trackers, in the order `cadastros` created them. */
const SQL_RASTREADORES = `select id from rastreadores where imei like '35933908%' order by id`;

/** Owners, chips, trackers and links (small tables). */
async function cadastros(client: pg.Client, c: Carga) {
  const nivel = (await client.query<{ id: number }>(`select id from niveis where is_client order by id limit 1`)).rows[0]?.id;
  if (nivel === undefined) throw new Error('nível de cliente ausente: rode o seed antes');
  const n = Array.from({ length: c.donos }, (_, i) => i);
  await copiar(
    client,
    'COPY usuarios (nome, email, nivel_id, situacao, telefone_celular, cep) FROM STDIN',
    emLotes(n, (i) => `DONO ${i + 1}\tdono${i + 1}@bench.rastro.local\t${nivel}\ttrue\t119${String(i).padStart(8, '0')}\t01001000\n`),
  );
  const donos = await ids(client, `select id from usuarios where email like 'dono%@bench.rastro.local' order by id`);
  const r = Array.from({ length: c.rastreadores }, (_, i) => i);
  await copiar(
    client,
    'COPY chips (descricao, numero, situacao) FROM STDIN',
    emLotes(r, (i) => `CHIP ${i + 1}\t118${String(i).padStart(8, '0')}\tA\n`),
  );
  const chips = await ids(client, `select id from chips where descricao like 'CHIP %' order by id`);
  const t0 = new Date();
  await copiar(
    client,
    'COPY rastreadores (imei, protocolo, chip_id, situacao, situacao_energia, bateria, nivel_sinal, ultima_comunicacao) FROM STDIN',
    emLotes(
      r,
      (i) =>
        `${359_339_082_000_000 + i}\tTOPIN\t${chips[i]}\tATIVO\t${i % 50 === 0 ? 'DESLIGADO' : 'LIGADO'}\t${20 + (i % 81)}\t${i % 5}\t${t0.toISOString()}\n`,
    ),
  );
  const rastreadores = await ids(client, SQL_RASTREADORES);
  // Tracker i belongs to owner i mod donos: every owner has rastreadores/donos of them.
  await copiar(
    client,
    'COPY usuario_rastreadores (usuario_id, rastreador_id, descricao) FROM STDIN',
    emLotes(r, (i) => `${donos[i % c.donos]}\t${rastreadores[i]}\t${NOMES[i % NOMES.length]} ${Math.floor(i / c.donos) + 1}\n`),
  );
  return rastreadores;
}

/** The owners, their links and the newest position of data loaded by `semear`. */
async function lerBase(client: pg.Client): Promise<Base> {
  const donos = await ids(client, `select id from usuarios where email like 'dono%@bench.rastro.local' order by id`);
  const vinculos = (await client.query<{ id: number; usuario_id: number }>(`select id, usuario_id from usuario_rastreadores order by id`))
    .rows;
  const porDono = new Map<number, number[]>(donos.map((d) => [d, []]));
  for (const v of vinculos) porDono.get(v.usuario_id)?.push(v.id);
  const { de, t0 } = (
    await client.query<{ de: Date | null; t0: Date | null }>(`select min(data_hora) as de, max(data_hora) as t0 from localizacoes`)
  ).rows[0] ?? { de: null, t0: null };
  if (!t0 || !de || donos.length === 0) throw new Error('banco sem a carga do benchmark');
  const minutos = Math.round((t0.getTime() - de.getTime()) / 60_000) + 1;
  return { donos, vinculosPorDono: donos.map((d) => porDono.get(d) ?? []), t0, minutos };
}

/** Whether a database (for exploring: --reuse URL) already holds this benchmark's data. */
export async function carregado(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if ((await client.query<{ t: string | null }>(`select to_regclass('public.localizacoes')::text as t`)).rows[0]?.t == null) return false;
    return (await client.query(`select 1 from usuarios where email like 'dono%@bench.rastro.local' limit 1`)).rowCount === 1;
  } finally {
    await client.end();
  }
}

/** `lerBase` of a database loaded by an earlier run (for exploring: --reuse URL). */
export async function lerBaseDe(url: string): Promise<Base> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await lerBase(client);
  } finally {
    await client.end();
  }
}

/**
 * One COPY stream of positions for the trackers `rastreadores` (a share of the fleet), minute by
 * minute from the oldest. Every row has coordinates: most are GPS fixes; one in ten is a WIFI
 * scan and one in thirty an LBS (cell) fix, both already resolved, with an accuracy radius.
 */
async function* posicoes(rastreadores: readonly number[], minutos: number, t0: Date, semente: number): AsyncGenerator<string> {
  const rnd = mulberry32(semente);
  const n = rastreadores.length;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  const rumo = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Around São Paulo.
    lat[i] = -23.55 + (rnd() - 0.5) * 0.6;
    lon[i] = -46.63 + (rnd() - 0.5) * 0.6;
    rumo[i] = rnd() * 360;
  }
  for (let m = minutos - 1; m >= 0; m--) {
    const quando = new Date(t0.getTime() - m * 60_000).toISOString();
    let bloco = '';
    for (let i = 0; i < n; i++) {
      // A pet walks or rests: speed in km/h, heading drifting.
      const kmh = rnd() < 0.6 ? 0 : rnd() * 12;
      rumo[i] = ((rumo[i] as number) + (rnd() - 0.5) * 60 + 360) % 360;
      const passo = kmh / 60 / 111; // degrees in one minute
      const rad = ((rumo[i] as number) * Math.PI) / 180;
      lat[i] = (lat[i] as number) + passo * Math.cos(rad);
      lon[i] = (lon[i] as number) + passo * Math.sin(rad);
      const la = (lat[i] as number).toFixed(6);
      const lo = (lon[i] as number).toFixed(6);
      const id = rastreadores[i] as number;
      const sorte = (id + m) % 30;
      if (sorte === 7) {
        // LBS: mcc 724 (Brazil), mnc, lac, cell id; accuracy of a cell.
        bloco += `${id}\tLBS\t${quando}\t${la}\t${lo}\t\\N\t\\N\t${400 + (id % 600)}\t\\N\t\\N\t${-70 - (m % 30)}\t724\t${id % 11}\t${1000 + (id % 500)}\t${100_000 + id}\n`;
      } else if (sorte % 12 === 3) {
        const mac = `a4:5e:60:${((id >> 8) & 255).toString(16).padStart(2, '0')}:${(id & 255).toString(16).padStart(2, '0')}:${(m & 255).toString(16).padStart(2, '0')}`;
        bloco += `${id}\tWIFI\t${quando}\t${la}\t${lo}\t\\N\t\\N\t${20 + (m % 40)}\t\\N\t${mac}\t${-50 - (m % 40)}\t\\N\t\\N\t\\N\t\\N\n`;
      } else {
        bloco += `${id}\tGPS\t${quando}\t${la}\t${lo}\t${kmh.toFixed(1)}\t${Math.round(rumo[i] as number)}\t\\N\t${4 + (m % 9)}\t\\N\t\\N\t\\N\t\\N\t\\N\t\\N\n`;
      }
      // Yield in pieces of ~1,000 rows so the stream's backpressure works.
      if (i % 1000 === 999) {
        yield bloco;
        bloco = '';
      }
    }
    if (bloco) yield bloco;
  }
}

/** The day (YYYY-MM-DD) an instant falls on in São Paulo (APP_TIMEZONE's default). */
export const diaEmSaoPaulo = (t: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(t);

/** Days of daily activity per tracker, ending on t0's day: the longest period one read may ask for. */
export const DIAS_ATIVIDADE = 92;

/**
 * The daily activity aggregates (`atividade_dias`) of every tracker for the last 92 days. The track
 * covers only a day or two, so the days are synthetic (a walk of 0–6 km, its minutes, the rest),
 * one row per tracker and day, as the aggregator leaves them.
 */
async function atividade(client: pg.Client, rastreadores: readonly number[], t0: Date) {
  const rnd = mulberry32(92);
  const ultimo = Date.parse(`${diaEmSaoPaulo(t0)}T00:00:00Z`);
  async function* linhas() {
    for (let d = DIAS_ATIVIDADE - 1; d >= 0; d--) {
      const dia = new Date(ultimo - d * 86_400_000).toISOString().slice(0, 10);
      let bloco = '';
      for (const id of rastreadores) {
        const metros = rnd() * 6000;
        const ativos = (metros / 4000) * 3600;
        bloco += `${id}\t${dia}\t${metros.toFixed(1)}\t${ativos.toFixed(0)}\t${(rnd() * 16 * 3600).toFixed(0)}\n`;
      }
      yield bloco;
    }
  }
  await copiar(
    client,
    'COPY atividade_dias (rastreador_id, data, distancia_metros, segundos_ativos, segundos_repouso) FROM STDIN',
    linhas(),
  );
}

/** One connection of its own to `url` (each COPY stream has one). */
export async function conectarEm(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

const COPY_LOCALIZACOES =
  'COPY localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, precisao, satelites, mac_address, nivel_sinal, codigo_pais, rede, codigo_area, identificador_torre) FROM STDIN';

/**
 * Loads everything; positions through `paralelo` COPY streams on their own connections (the
 * trackers split between them), then VACUUM (ANALYZE).
 */
export async function semear(url: string, c: Carga, paralelo = 2): Promise<Semeado> {
  const conectar = () => conectarEm(url);
  const principal = await conectar();
  const outros: pg.Client[] = [];
  try {
    const rastreadores = await cadastros(principal, c);
    // Every track ends at the same whole minute: a 24 h window ending there has 1,440 points.
    const t0 = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    for (let k = 1; k < paralelo; k++) outros.push(await conectar());
    const clientes = [principal, ...outros];
    const inicio = performance.now();
    await Promise.all(
      clientes.map((cl, k) =>
        copiar(
          cl,
          COPY_LOCALIZACOES,
          posicoes(
            rastreadores.filter((_, i) => i % paralelo === k),
            c.minutos,
            t0,
            1234 + k,
          ),
        ),
      ),
    );
    const msPosicoes = performance.now() - inicio;
    await atividade(principal, rastreadores, t0);
    // ANALYZE for the planner, and VACUUM for the visibility map: the state autovacuum leaves a
    // table in after a bulk load, and no autovacuum of 10 M rows running under the measurements.
    const v0 = performance.now();
    await principal.query('vacuum (analyze)');
    const msVacuum = performance.now() - v0;
    const base = await lerBase(principal);
    if (base.t0.getTime() !== t0.getTime()) throw new Error(`posição mais nova ${base.t0.toISOString()}, esperava ${t0.toISOString()}`);
    return { ...base, posicoes: c.rastreadores * c.minutos, msPosicoes, msVacuum };
  } finally {
    await Promise.all([principal, ...outros].map((cl) => cl.end().catch(() => undefined)));
  }
}

/** What `crescer` added. */
export interface Crescimento {
  posicoes: number;
  msPosicoes: number;
  msVacuum: number;
  /** The oldest position's instant, after the load. */
  inicio: Date;
}

/**
 * Older history for the trackers `semear` loaded: `minutos` more minutes of track per tracker,
 * ending the minute before the oldest one stored, through the same COPY streams (the trackers split
 * alike, other seeds), then VACUUM (ANALYZE) as after the first load. Nothing is newer than what is
 * stored, so the newest position, every 24 h window ending there and the current positions
 * (`localizacoes_atuais`: COPY does not touch it, and it only ever moves forward) stay as they were;
 * all checked. The older minutes fall in the monthly partitions `garantirParticoes` created (400
 * days back), as a fleet's history would, none in a default partition (checked too).
 */
export async function crescer(url: string, minutos: number, paralelo = 2): Promise<Crescimento> {
  const conectar = () => conectarEm(url);
  const principal = await conectar();
  const outros: pg.Client[] = [];
  try {
    const antes = await lerBase(principal);
    const rastreadores = await ids(principal, SQL_RASTREADORES);
    const atuais = async () =>
      JSON.stringify(
        (
          await principal.query(
            `select count(*)::int as n, coalesce(sum(hashtext(concat_ws(' ', rastreador_id, tipo, data_hora, latitude, longitude, precisao, velocidade))), 0)::text as h
             from localizacoes_atuais`,
          )
        ).rows,
      );
    const atuaisAntes = await atuais();
    // The new track's newest minute is the one before the oldest stored.
    const fim = new Date(antes.t0.getTime() - antes.minutos * 60_000);
    for (let k = 1; k < paralelo; k++) outros.push(await conectar());
    const inicio = performance.now();
    const linhas = await Promise.all(
      [principal, ...outros].map((cl, k) =>
        copiar(
          cl,
          COPY_LOCALIZACOES,
          posicoes(
            rastreadores.filter((_, i) => i % paralelo === k),
            minutos,
            fim,
            4321 + k,
          ),
        ),
      ),
    );
    const msPosicoes = performance.now() - inicio;
    const v0 = performance.now();
    await principal.query('vacuum (analyze)');
    const msVacuum = performance.now() - v0;
    const depois = await lerBase(principal);
    const posicoesNovas = linhas.reduce((a, n) => a + n, 0);
    if (posicoesNovas !== rastreadores.length * minutos)
      throw new Error(`${posicoesNovas} posições gravadas, esperava ${rastreadores.length * minutos}`);
    if (depois.t0.getTime() !== antes.t0.getTime())
      throw new Error(`posição mais nova ${depois.t0.toISOString()}, esperava ${antes.t0.toISOString()}`);
    if (depois.minutos !== antes.minutos + minutos)
      throw new Error(`${depois.minutos} minutos de trilha por rastreador, esperava ${antes.minutos + minutos}`);
    if ((await atuais()) !== atuaisAntes) throw new Error('as posições atuais mudaram com o histórico mais antigo');
    const padrao = await principal.query<{ n: number }>(
      `select (select count(*) from localizacoes_gps_padrao) + (select count(*) from localizacoes_varreduras_padrao) as n`,
    );
    if (Number(padrao.rows[0]?.n ?? 0) > 0) throw new Error(`${padrao.rows[0]?.n} posições na partição padrão: faltou um mês`);
    return {
      posicoes: posicoesNovas,
      msPosicoes,
      msVacuum,
      inicio: new Date(antes.t0.getTime() - (depois.minutos - 1) * 60_000),
    };
  } finally {
    await Promise.all([principal, ...outros].map((cl) => cl.end().catch(() => undefined)));
  }
}

/**
 * A copy of the database at `url`, named `nome` on the same server (dropped first if it exists),
 * for measuring two sizes side by side: `CREATE DATABASE … TEMPLATE … STRATEGY FILE_COPY` copies the
 * files, indexes, statistics and visibility map as they are. Nobody may be connected to `url`.
 * Returns the copy's URL and how long the copy took.
 */
export async function copiarBanco(url: string, nome: string): Promise<{ url: string; ms: number }> {
  const origem = new URL(url);
  const modelo = decodeURIComponent(origem.pathname.slice(1));
  // Connected elsewhere than the model (the temporary server's database is `postgres` itself).
  const manutencao = new URL(url);
  manutencao.pathname = '/template1';
  const client = await conectarEm(manutencao.toString());
  try {
    const ident = (s: string) => client.escapeIdentifier(s);
    await client.query(`drop database if exists ${ident(nome)}`);
    const inicio = performance.now();
    await client.query(`create database ${ident(nome)} template ${ident(modelo)} strategy file_copy`);
    const copia = new URL(url);
    copia.pathname = `/${encodeURIComponent(nome)}`;
    return { url: copia.toString(), ms: performance.now() - inicio };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * After a load, before measuring: a CHECKPOINT writes PostgreSQL's dirty buffers and `sync` waits
 * for the kernel to write its dirty pages (a copied database and 20 M rows are gigabytes), so that
 * write-back does not stall the measured reads minutes later. Returns how long it took.
 */
export async function assentar(url: string): Promise<number> {
  const inicio = performance.now();
  const client = await conectarEm(url);
  try {
    await client.query('checkpoint');
  } finally {
    await client.end().catch(() => undefined);
  }
  await new Promise<void>((resolve, reject) => execFile('sync', (err) => (err ? reject(err) : resolve())));
  return performance.now() - inicio;
}
