import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import WebSocket from 'ws';
import { consultar, NIVEL_CLIENTE, openPostgres, PublicadorEventos, type Database } from '@rastro/server';
import { semearNiveis, tokens } from '../ingest/cadastro';
import { Filho } from '../ingest/filho';
import { lerArgs } from '../lib/args';
import { cpuArvoreMs } from '../lib/cpu';
import { ENV_URL_DO_BANCO } from '../lib/env';
import { iniciarPostgresTemp, type PostgresTemp } from '../lib/postgres-temp';
import { executar, imprimir, nota } from '../lib/report';
import type { AvisoDoFilho } from '../lib/servir-no-filho';
import { dormir, mediana, percentil } from '../lib/stats';

/**
 * bench/aovivo: the live channel telling many owners at once — an alarm storm, or every socket
 * after the API's LISTEN reconnects. N owners, each with one screen open on /api/socket of the
 * API (its own process, as production runs it). Each round writes one notification per owner and
 * announces them all through the gateway's PublicadorEventos (NOTIFYs of 500 users); the latency
 * is from the announcement to each owner's socket receiving its notification. The baseline, in
 * alternating rounds of the same run: one owner told alone. Then sessions ending among the N: an
 * owner logs out (GET /api/logout on the API) and the hub checks every socket's token again; the
 * latency is from the logout to that owner's screen closing, against the one-owner notice's.
 */

const { quick } = lerArgs();
const N = quick ? 1000 : 5000;
const RODADAS = quick ? 4 : 8;
const PRAZO_MS = 30_000;

const avisos: string[] = [];
const log = pino({ level: 'warn' }, { write: (l: string) => void avisos.push(l) }) as unknown as FastifyBaseLogger;

/** One owner's open screen: when each round's notification reached it. */
class Tela {
  readonly chegadas = new Map<number, number>();
  fechouEm: number | undefined;
  constructor(readonly ws: WebSocket) {
    ws.once('close', () => (this.fechouEm = performance.now()));
    ws.on('message', (d: Buffer) => {
      const e = JSON.parse(d.toString()) as { notificacoes?: { descricao: string }[] };
      const agora = performance.now();
      for (const n of e.notificacoes ?? []) {
        const m = /^RODADA (\d+)$/.exec(n.descricao);
        if (m) this.chegadas.set(Number(m[1]), agora);
      }
    });
  }
}

async function abrirTelas(porta: number, fichas: readonly string[]) {
  const telas: Tela[] = [];
  for (let i = 0; i < fichas.length; i += 100) {
    const lote = await Promise.all(
      fichas.slice(i, i + 100).map(
        (token) =>
          new Promise<Tela>((resolve, reject) => {
            const ws = new WebSocket(`ws://127.0.0.1:${porta}/api/socket`);
            ws.once('open', () => {
              ws.send(JSON.stringify({ token }));
              resolve(new Tela(ws));
            });
            ws.once('error', reject);
          }),
      ),
    );
    telas.push(...lote);
  }
  return telas;
}

/** A round: one notification for each of `quem` (indices into `donos`), announced together; each one's latency (ms). */
async function rodada(
  database: Database,
  publicador: PublicadorEventos,
  donos: readonly number[],
  telas: readonly Tela[],
  quem: readonly number[],
  r: number,
) {
  await database.db.execute(
    sql`insert into notificacoes (usuario_id, descricao) select u, ${`RODADA ${r}`} from unnest(${sql.param(quem.map((k) => donos[k]))}::int[]) as u`,
  );
  const t0 = performance.now();
  for (const k of quem) publicador.usuario(donos[k] ?? 0);
  await publicador.publicar();
  const fim = t0 + PRAZO_MS;
  while (quem.some((k) => !telas[k]?.chegadas.has(r)) && performance.now() < fim) await dormir(5);
  return Float64Array.from(quem, (k) => (telas[k]?.chegadas.get(r) ?? Number.POSITIVE_INFINITY) - t0);
}

/** Owner `k` logs out on the API; ms from the request to their screen closing, and how many other screens closed. */
async function sair(porta: number, fichas: readonly string[], telas: readonly Tela[], k: number) {
  const abertas = telas.filter((t) => t.fechouEm === undefined).length;
  const t0 = performance.now();
  const r = await fetch(`http://127.0.0.1:${porta}/api/logout`, { headers: { authorization: `Bearer ${fichas[k] ?? ''}` } });
  if (r.status !== 200) throw new Error(`logout respondeu ${r.status}`);
  const tela = telas[k];
  const fim = t0 + PRAZO_MS;
  while (tela?.fechouEm === undefined && performance.now() < fim) await dormir(5);
  // A moment for a wrong close to show.
  await dormir(300);
  const erradas = abertas - 1 - telas.filter((t) => t.fechouEm === undefined).length;
  return { ms: (tela?.fechouEm ?? Number.POSITIVE_INFINITY) - t0, erradas };
}

async function main() {
  nota(`máquina: ${cpus().length} núcleos, carga média ${loadavg()[0]?.toFixed(1) ?? '?'}; ${N} donos, ${RODADAS} rodadas de cada lado`);
  let pg: PostgresTemp | undefined;
  let database: Database | undefined;
  let api: Filho<never, AvisoDoFilho> | undefined;
  let telas: Tela[] = [];
  try {
    pg = await iniciarPostgresTemp();
    database = await openPostgres(pg.url, 4);
    await database.migrate();
    await semearNiveis(database);
    const [nivel] = await consultar<{ id: number }>(database.db, sql`select id from niveis where nome = ${NIVEL_CLIENTE}`);
    const donos = (
      await consultar<{ id: number }>(
        database.db,
        sql`insert into usuarios (nome, email, nivel_id)
            select 'DONO ' || g, 'dono' || g || '@bench.rastro.local', ${nivel?.id ?? 0}::int from generate_series(1, ${N}::int) g returning id`,
      )
    ).map((d) => d.id);
    const fichas = await tokens(database, donos);
    api = new Filho<never, AvisoDoFilho>('../aovivo/api.ts', {
      execArgv: ['--max-semi-space-size=64'],
      env: { ...process.env, [ENV_URL_DO_BANCO]: pg.url },
    });
    const { porta } = await api.esperar('pronto');
    const t = performance.now();
    telas = await abrirTelas(porta, fichas);
    // Until the hub has registered every screen (it reads each one's last notification first).
    await dormir(1000);
    nota(`${N} telas abertas e autenticadas em ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const publicador = new PublicadorEventos(database, log);

    const todos = donos.map((_, k) => k);
    const p99s: number[] = [];
    const p50s: number[] = [];
    const bases50: number[] = [];
    const bases99: number[] = [];
    let faltas = 0;
    let cpuApi = 0;
    for (let i = 0; i < RODADAS; i++) {
      // The baseline: one owner, a different one each time.
      const so = await rodada(database, publicador, donos, telas, [(i * 7919) % N], 2 * i);
      bases50.push(percentil(so, 50));
      bases99.push(percentil(so, 99));
      const c0 = cpuArvoreMs(api.pid);
      const lat = await rodada(database, publicador, donos, telas, todos, 2 * i + 1);
      cpuApi += cpuArvoreMs(api.pid) - c0;
      faltas += lat.filter((v) => !Number.isFinite(v)).length;
      p50s.push(percentil(lat, 50));
      p99s.push(percentil(lat, 99));
      nota(
        `rodada ${i + 1}: um dono ${so[0]?.toFixed(1)} ms; ${N} donos p50 ${percentil(lat, 50).toFixed(1)} ms, p99 ${percentil(lat, 99).toFixed(1)} ms, o último ${Math.max(...lat).toFixed(1)} ms`,
      );
      await dormir(200);
    }
    nota(
      `API: ${((cpuApi / (RODADAS * N)) * 1000).toFixed(0)} µs de CPU por dono avisado; ${avisos.length} avisos ou erros no log do publicador`,
    );
    // Sessions ending: each logout makes the hub check all the screens' tokens (one query for all).
    const saidas: number[] = [];
    let fechadasErradas = 0;
    let cpuSaidas = 0;
    for (let i = 0; i < RODADAS; i++) {
      const c0 = cpuArvoreMs(api.pid);
      const { ms, erradas } = await sair(porta, fichas, telas, (i * 104_729 + 1) % N);
      cpuSaidas += cpuArvoreMs(api.pid) - c0;
      saidas.push(ms);
      fechadasErradas += erradas;
    }
    nota(
      `saídas: ${saidas.map((v) => v.toFixed(0)).join(', ')} ms até a tela fechar (a revalidação espera 200 ms para juntar avisos); ` +
        `API ${(cpuSaidas / RODADAS).toFixed(1)} ms de CPU por saída, com ${N} telas conferidas`,
    );
    nota(`carga média no fim: ${loadavg()[0]?.toFixed(1) ?? '?'}`);
    imprimir({ nome: 'aovivo.single_latency_p50', valor: mediana(bases50), unidade: 'ms' });
    imprimir({ nome: 'aovivo.fanout_latency_p50', valor: mediana(p50s), unidade: 'ms', base: mediana(bases50) });
    imprimir({
      nome: 'aovivo.fanout_latency_p99',
      valor: mediana(p99s),
      unidade: 'ms',
      orcamento: { op: '<=', valor: 500 },
      base: mediana(bases99),
    });
    imprimir({ nome: 'aovivo.fanout_missing', valor: faltas, unidade: 'msgs', orcamento: { op: '==', valor: 0 } });
    imprimir({ nome: 'aovivo.api_cpu_per_owner', valor: (cpuApi / (RODADAS * N)) * 1000, unidade: 'us' });
    imprimir({
      nome: 'aovivo.logout_close_latency_p50',
      valor: mediana(saidas),
      unidade: 'ms',
      orcamento: { op: '<=', valor: 1000 },
      base: mediana(bases50),
    });
    imprimir({ nome: 'aovivo.logout_wrong_closes', valor: fechadasErradas, unidade: 'screens', orcamento: { op: '==', valor: 0 } });
    imprimir({ nome: 'aovivo.logout_api_cpu', valor: cpuSaidas / RODADAS, unidade: 'ms' });
  } finally {
    for (const t of telas) t.ws.terminate();
    await api?.encerrar();
    await database?.close().catch(() => undefined);
    await pg?.parar();
  }
}

executar('aovivo', main);
