import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import {
  consultar,
  garantirParticoes,
  NIVEL_ADMINISTRADOR,
  novoToken,
  openPostgres,
  recalcularLocalizacoesAtuais,
  RETENCAO_PADRAO,
  seed,
  senhaAleatoria,
  sha256,
  type Database,
} from '@rastro/server';
import { lerArgs } from '../lib/args';
import { cpuArvoreMs, cpuDosPidsMs } from '../lib/cpu';
import { iniciarPostgresTemp, type PostgresTemp } from '../lib/postgres-temp';
import { executar, imprimir, nota } from '../lib/report';
import { mediana } from '../lib/stats';
import { aRitmo, disparar, resumir, type Gerador, type Resumo, type Rodada } from './carga';
import { bytesNoFio, comAceite, comoTelefone, cpuComESemCompressao } from './compressao';
import { ENV_POOL, ENV_URL, type AvisoAlvo } from './mensagens';
import { assentar, carregado, conectarEm, copiarBanco, crescer, diaEmSaoPaulo, lerBaseDe, semear, type Base } from './semear';

/**
 * bench/api: the real API server (buildApp in a child process, ROLE=api) on a throwaway
 * PostgreSQL loaded by COPY with owners, trackers and their tracks, under 100 keep-alive
 * connections with real bearer tokens, for four read endpoints: the map's current positions,
 * a 24 h history (1,440 points), a pet's 30 days of activity, the admin tracker list page and the dashboard totals. The
 * baseline, measured in the same run, is a bare Fastify app running the same SQL through `pg`.
 * Then (issue #21) a copy of the database with three times the history, and four of them measured on
 * both databases in alternating rounds: their p99 must not grow with the history.
 */

const { quick } = lerArgs();
const P = {
  ...(quick
    ? { donos: 10, rastreadores: 50, minutos: 2000, aquecimentoS: 1.5, medidaS: 6, rodadas: 3 }
    : { donos: 1000, rastreadores: 5000, minutos: 2000, aquecimentoS: 3, medidaS: 15, rodadas: 3 }),
  /** Older minutes per tracker loaded for the scale phase: 10 M positions become 30 M (--quick: 100,000, 300,000). */
  minutosMais: 4000,
  conexoes: 100,
  ...opcao('--seconds', 'medidaS'),
  ...opcao('--connections', 'conexoes'),
};
/** The scale phase's copy of the database, with three times the history. */
const BANCO_MAIOR = 'rastro_bench_30m';
/** Both targets' pool, production's default (DATABASE_POOL_MAX). */
const POOL = 10;
/** A day of one position a minute. */
const PONTOS_24H = 1440;
/** The activity tab's longer chart. */
const DIAS_ATIVIDADE_LIDOS = 30;

function opcao<K extends string>(flag: string, chave: K): Partial<Record<K, number>> {
  const i = process.argv.indexOf(flag);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isInteger(v) && v > 0 ? ({ [chave]: v } as Partial<Record<K, number>>) : {};
}

/** A target process: `servidor.ts` (the real server) or `base.ts` (the bare baseline). */
interface Alvo {
  porta: number;
  filho: ChildProcess;
}

/**
 * For exploring: `--cpu-prof DIR` profiles the real server (V8 .cpuprofile files in DIR),
 * `--cpu-prof-base DIR` the baseline; `--only NAME` runs one endpoint.
 */
const argumento = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

function iniciarAlvo(script: string, url: string, perfil?: string): Promise<Alvo> {
  const filho = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), script), [], {
    // Both with the V8 flag `npm start` gives the server (scripts/start.mjs): one runtime, two stacks.
    execArgv: ['--max-semi-space-size=64', '--import', 'tsx', ...(perfil ? ['--cpu-prof', '--cpu-prof-dir', perfil] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, [ENV_URL]: url, [ENV_POOL]: String(POOL) },
  });
  return new Promise((resolve, reject) => {
    filho.once('message', (m: AvisoAlvo) =>
      m.tipo === 'pronto' ? resolve({ porta: m.porta, filho }) : reject(new Error(`${script}: ${m.mensagem}`)),
    );
    filho.once('exit', (code) => reject(new Error(`${script} saiu (código ${code ?? '?'})`)));
  });
}

/** Asks a target to close (it exits on disconnect or SIGTERM) and waits a little for it. */
async function encerrar(a: Alvo | undefined) {
  if (!a || a.filho.exitCode !== null) return;
  const saiu = new Promise<void>((resolve) => {
    a.filho.once('exit', () => resolve());
    setTimeout(resolve, 5000).unref();
  });
  if (a.filho.connected) a.filho.disconnect();
  a.filho.kill();
  await saiu;
}

/** The postmaster's pid (a backend's parent), for its CPU time: /proc only. */
async function postmaster(database: Database): Promise<number> {
  const [r] = await consultar<{ pid: number }>(database.db, sql`select pg_backend_pid() as pid`);
  try {
    return Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${r?.pid ?? 0}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** One session token per user, minted as /oauth/token does (only the SHA-256 is stored). */
async function tokens(database: Database, usuarios: readonly number[]): Promise<string[]> {
  const t = usuarios.map(() => novoToken());
  await database.db.execute(
    sql`insert into sessoes (usuario_id, token_hash, expira_em)
        select u, h, now() + interval '1 day' from unnest(${sql.param(usuarios)}::int[], ${sql.param(t.map(sha256))}::text[]) as x(u, h)`,
  );
  return t;
}

interface Endpoint {
  nome: 'atual' | 'historico' | 'atividade' | 'lista' | 'totais';
  descricao: string;
  servidor: Gerador;
  base: Gerador;
  /** p99 budget of the real server, in ms. */
  p99?: number;
  /**
   * Budget of the real server's p99 once the history is three times as long over its p99 before
   * (issue #21). Endpoints with one are measured again after the older history is loaded.
   */
  crescimento?: number;
  /** What one 200 must hold (checked once on each target before the load). */
  itens: (corpo: unknown) => number;
  esperado: number;
}

function endpoints(s: Base, tokensDonos: readonly string[], tokenAdmin: string): Endpoint[] {
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  const n = s.donos.length;
  const dono = (k: number) => k % n;
  const de = encodeURIComponent(new Date(s.t0.getTime() - (PONTOS_24H - 1) * 60_000).toISOString());
  const ate = encodeURIComponent(s.t0.toISOString());
  /** Request k: owner k mod n and, as k grows, each of that owner's trackers in turn. */
  const vinculo = (k: number) => {
    const v = s.vinculosPorDono[dono(k)] ?? [];
    return v[Math.floor(k / n) % v.length] ?? 0;
  };
  const totalRastreadores = s.vinculosPorDono.reduce((a, v) => a + v.length, 0);
  // The activity tab's 30 days, ending on the track's last day in São Paulo.
  const diaFinal = diaEmSaoPaulo(s.t0);
  const diaInicial = new Date(Date.parse(`${diaFinal}T00:00:00Z`) - (DIAS_ATIVIDADE_LIDOS - 1) * 86_400_000).toISOString().slice(0, 10);
  const paginas = Math.ceil(totalRastreadores / 10);
  const lista = (x: unknown) => (Array.isArray(x) ? x.length : -1);
  const conteudo = (x: unknown) => lista((x as { content?: unknown }).content);
  const todos: Endpoint[] = [
    {
      nome: 'atual',
      descricao: 'mapa, posições atuais de um dono',
      servidor: (k) => ({
        path: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL',
        headers: bearer(tokensDonos[dono(k)] ?? ''),
      }),
      base: (k) => ({ path: `/atual?usuarioId=${s.donos[dono(k)]}` }),
      p99: 25,
      crescimento: 1.2,
      itens: lista,
      esperado: s.vinculosPorDono[0]?.length ?? 0,
    },
    {
      nome: 'historico',
      descricao: `mapa, histórico de 24 h (${PONTOS_24H} pontos)`,
      servidor: (k) => ({
        path: `/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=HISTORICO&usuarioRastreadorId=${vinculo(k)}&dataInicial=${de}&dataFinal=${ate}`,
        headers: bearer(tokensDonos[dono(k)] ?? ''),
      }),
      base: (k) => ({
        path: `/historico?usuarioId=${s.donos[dono(k)]}&usuarioRastreadorId=${vinculo(k)}&dataInicial=${de}&dataFinal=${ate}`,
      }),
      p99: 60,
      crescimento: 1.3,
      itens: lista,
      esperado: PONTOS_24H,
    },
    {
      nome: 'atividade',
      descricao: `atividade de um pet, ${DIAS_ATIVIDADE_LIDOS} dias`,
      servidor: (k) => ({
        path: `/api/usuarios/rastreadores/${vinculo(k)}/atividade?dataInicial=${diaInicial}&dataFinal=${diaFinal}`,
        headers: bearer(tokensDonos[dono(k)] ?? ''),
      }),
      base: (k) => ({
        path: `/atividade?usuarioId=${s.donos[dono(k)]}&usuarioRastreadorId=${vinculo(k)}&dataInicial=${diaInicial}&dataFinal=${diaFinal}`,
      }),
      p99: 25,
      itens: lista,
      esperado: DIAS_ATIVIDADE_LIDOS,
    },
    {
      nome: 'lista',
      descricao: `administração, página de 10 rastreadores (de ${paginas} páginas)`,
      servidor: (k) => ({ path: `/api/rastreadores?page=${k % paginas}&size=10`, headers: bearer(tokenAdmin) }),
      base: (k) => ({ path: `/rastreadores?page=${k % paginas}&size=10` }),
      p99: 25,
      crescimento: 1.2,
      itens: conteudo,
      esperado: 10,
    },
    {
      nome: 'totais',
      descricao: 'dashboard, totalizadores',
      servidor: () => ({ path: '/api/relatorios/totalizadores', headers: bearer(tokenAdmin) }),
      base: () => ({ path: '/totalizadores' }),
      crescimento: 1.2,
      itens: (x) => (x as { totalRastreadores?: number }).totalRastreadores ?? -1,
      esperado: totalRastreadores,
    },
  ];
  // Both targets asked as a phone asks (issue #33), and both compress the same way.
  return todos.map((e) => ({ ...e, servidor: comoTelefone(e.servidor), base: comoTelefone(e.base) }));
}

/**
 * Before any load, a few requests of each endpoint on both targets: a 200 with the expected
 * content, and the same JSON body from both (the baseline does the same work, no less). Returns
 * the bodies, so the answers before and after the older history can be compared.
 */
async function conferir(e: Endpoint, srv: Alvo, bare: Alvo): Promise<unknown[]> {
  const pedir = async (porta: number, g: ReturnType<Gerador>, quem: string) => {
    // fetch undoes the Content-Encoding; the header stays to compare.
    const res = await fetch(`http://127.0.0.1:${porta}${g.path}`, { headers: g.headers ?? {} });
    const corpo: unknown = await res.json();
    const itens = res.ok ? e.itens(corpo) : -1;
    if (itens !== e.esperado)
      throw new Error(
        `${quem} ${e.nome}: HTTP ${res.status}, ${itens} itens (esperava ${e.esperado}): ${JSON.stringify(corpo).slice(0, 300)}`,
      );
    return { corpo, codificacao: res.headers.get('content-encoding') };
  };
  const corpos: unknown[] = [];
  for (const k of [0, 1, 7]) {
    const a = await pedir(srv.porta, e.servidor(k), 'servidor');
    const b = await pedir(bare.porta, e.base(k), 'base');
    if (!isDeepStrictEqual(a.corpo, b.corpo))
      throw new Error(
        `${e.nome}: a base responde outro corpo: ${JSON.stringify(a.corpo).slice(0, 300)} × ${JSON.stringify(b.corpo).slice(0, 300)}`,
      );
    if (a.codificacao !== b.codificacao)
      throw new Error(`${e.nome}: Content-Encoding ${a.codificacao} no servidor, ${b.codificacao} na base`);
    corpos.push(a.corpo);
  }
  return corpos;
}

/** Answers per connection a round needs for its own ratio to count: fewer, and the round's edges decide it. */
const RESPOSTAS_POR_CONEXAO = 10;
/** The same, for a whole round of all the connections. */
const RESPOSTAS_POR_RODADA = RESPOSTAS_POR_CONEXAO * P.conexoes;

interface Medicao extends Resumo {
  /** CPU per answered request, in µs: the target process, and PostgreSQL (all backends). */
  cpuAlvo: number;
  cpuPg: number;
  /** Each round's throughput, req/s, its answers and its seconds, in the order measured. */
  porRodada: number[];
  respostasPorRodada: number[];
  segundosPorRodada: number[];
}

/**
 * The real server and the baseline on one endpoint: a warm-up of each, then `rodadas` rounds
 * taking turns, so a change in the machine's other load falls on both alike; the two swap places
 * every round (neither always runs right after the other's garbage and writes). A round lasts
 * its share of the measured seconds, unless either side answered too few in the warm-up for a
 * round that long to hold `RESPOSTAS_POR_CONEXAO` answers per connection (the 24 h history):
 * then every round of both lasts until that many requests are answered, none left in flight.
 */
async function medirPar(srv: Alvo, bare: Alvo, e: Endpoint, pgPid: number): Promise<{ srv: Medicao; bare: Medicao }> {
  const lados = [
    { alvo: srv, gerar: e.servidor, rodadas: [] as Rodada[], cpuAlvo: 0, cpuPg: 0 },
    { alvo: bare, gerar: e.base, rodadas: [] as Rodada[], cpuAlvo: 0, cpuPg: 0 },
  ];
  const aquecimentos: Rodada[] = [];
  for (const l of lados) aquecimentos.push(await disparar(l.alvo.porta, l.gerar, P.conexoes, { segundos: P.aquecimentoS }));
  const segundos = P.medidaS / P.rodadas;
  const quanto = aquecimentos.some((a) => resumir([a]).reqPorS * segundos < RESPOSTAS_POR_RODADA)
    ? { respostas: RESPOSTAS_POR_RODADA }
    : { segundos };
  for (let r = 0; r < P.rodadas; r++) {
    for (const l of r % 2 === 0 ? lados : [...lados].reverse()) {
      const pid = l.alvo.filho.pid ?? 0;
      const c0 = { alvo: cpuArvoreMs(pid), pg: cpuArvoreMs(pgPid) };
      l.rodadas.push(await disparar(l.alvo.porta, l.gerar, P.conexoes, quanto));
      l.cpuAlvo += cpuArvoreMs(pid) - c0.alvo;
      l.cpuPg += cpuArvoreMs(pgPid) - c0.pg;
    }
  }
  const [a, b] = lados.map((l): Medicao => {
    const m = resumir(l.rodadas);
    const us = (ms: number) => (m.respostas > 0 ? (ms * 1000) / m.respostas : Number.NaN);
    return {
      ...m,
      cpuAlvo: us(l.cpuAlvo),
      cpuPg: us(l.cpuPg),
      porRodada: l.rodadas.map((x) => resumir([x]).reqPorS),
      respostasPorRodada: l.rodadas.map((x) => x.tempos.length),
      segundosPorRodada: l.rodadas.map((x) => x.segundos),
    };
  });
  if (!a || !b) throw new Error('medição vazia');
  return { srv: a, bare: b };
}

/**
 * The server's throughput over the baseline's: the median, over the rounds, of one round's ratio
 * (the two measured seconds apart). A burst of someone else's work on the shared machine during
 * one round moves one ratio, not the verdict; the sums over all rounds moved with it. Rounds
 * with fewer than `RESPOSTAS_POR_CONEXAO` answers per connection (only with `--connections` or
 * `--seconds` changed: `medirPar` lengthens them) are decided by their edges: then the ratio is
 * the sums'.
 */
function razaoDaVazao(srv: Medicao, bare: Medicao): number {
  const cheias = [...srv.respostasPorRodada, ...bare.respostasPorRodada].every((n) => n >= RESPOSTAS_POR_RODADA);
  return cheias ? mediana(srv.porRodada.map((v, i) => v / (bare.porRodada[i] ?? Number.NaN))) : srv.reqPorS / bare.reqPorS;
}

/**
 * Latency is judged at a fixed rate, not at saturation: with 100 connections hammering 2 shared
 * cores, p99 is only the queue's length over the throughput (100 ÷ 4,000 req/s = 25 ms even for
 * a 0.3 ms request). The rate is this share of what the real server sustained in the same run
 * (latency at half load); the baseline is measured at the same rate.
 */
const FRACAO_RITMO = 0.5;

/** A target at the fixed rate: all its rounds as one sample, and each round's p99 in the order measured. */
interface ResumoRitmo extends Resumo {
  p99s: number[];
}

/**
 * Both targets at `porSegundo` over the same connections, `rodadas` rounds taking turns (and
 * swapping places every round). The budget is judged on the median round's p99, as the growth's
 * (below): a stall of the shared machine in one round's seconds moves that round's p99, not the
 * verdict (with every round in one sample, one 60 ms stall of the host was the whole 1 %).
 */
async function medirRitmo(srv: Alvo, bare: Alvo, e: Endpoint, porSegundo: number): Promise<{ srv: ResumoRitmo; bare: ResumoRitmo }> {
  const lados = [
    { alvo: srv, gerar: e.servidor, rodadas: [] as Rodada[] },
    { alvo: bare, gerar: e.base, rodadas: [] as Rodada[] },
  ];
  // A warm-up at the rate first: the saturation phase just before leaves a heap for the collector to settle.
  for (const l of lados) await aRitmo(l.alvo.porta, l.gerar, P.conexoes, P.aquecimentoS, porSegundo);
  for (let r = 0; r < P.rodadas; r++)
    for (const l of r % 2 === 0 ? lados : [...lados].reverse())
      l.rodadas.push(await aRitmo(l.alvo.porta, l.gerar, P.conexoes, P.medidaS / P.rodadas, porSegundo));
  const [a, b] = lados.map((l) => ({ ...resumir(l.rodadas), p99s: l.rodadas.map((x) => resumir([x]).p99) }));
  if (!a || !b) throw new Error('medição vazia');
  return { srv: a, bare: b };
}

const fmt = (m: Medicao) =>
  `${Math.round(m.reqPorS)} req/s, p50 ${m.p50.toFixed(1)} ms, p99 ${m.p99.toFixed(1)} ms; CPU/req ${Math.round(m.cpuAlvo)} µs no processo + ${Math.round(m.cpuPg)} µs no PostgreSQL` +
  (m.falhas ? `; ${m.falhas} falhas (${m.codigos})` : '');

const ms = (r: Resumo) => `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${r.falhas ? `; ${r.falhas} falhas (${r.codigos})` : ''}`;

/** One endpoint measured: saturated, then at the fixed rate. */
interface Resultado {
  e: Endpoint;
  srv: Medicao;
  bare: Medicao;
  ritmo: number;
  lento: { srv: ResumoRitmo; bare: ResumoRitmo };
}

/** Saturation, then the fixed rate: half of what the real server sustained just before. */
async function medir(srv: Alvo, bare: Alvo, e: Endpoint, pgPid: number): Promise<Resultado> {
  const par = await medirPar(srv, bare, e, pgPid);
  const segundos = (m: Medicao) => m.segundosPorRodada.map((x) => x.toFixed(1)).join(' ');
  nota(`${e.nome} (${e.descricao}), saturado: servidor ${fmt(par.srv)}`);
  nota(
    `${e.nome}, saturado: base ${fmt(par.bare)}; razão de cada rodada: ${par.srv.porRodada.map((v, i) => (v / (par.bare.porRodada[i] ?? Number.NaN)).toFixed(2)).join(' ')}; ` +
      `segundos de cada rodada: servidor ${segundos(par.srv)}, base ${segundos(par.bare)}`,
  );
  const taxa = Math.max(1, Math.round(par.srv.reqPorS * FRACAO_RITMO));
  const lento = await medirRitmo(srv, bare, e, taxa);
  const rodadas = (r: ResumoRitmo) => r.p99s.map((p) => p.toFixed(1)).join(' ');
  nota(
    `${e.nome} a ${taxa} req/s (${FRACAO_RITMO * 100}% do servidor saturado), todas as rodadas juntas: servidor ${ms(lento.srv)}; base ${ms(lento.bare)}; ` +
      `p99 de cada rodada (ms): servidor ${rodadas(lento.srv)}; base ${rodadas(lento.bare)}`,
  );
  return { e, ...par, ritmo: taxa, lento };
}

/**
 * Rounds of the scale phase, and the time each target is measured in all: four times the first
 * measurement's at half its rate (the two sizes share the seconds, so the wall time is twice).
 */
const RODADAS_ESCALA = 10;
const SEGUNDOS_ESCALA = 4 * P.medidaS;

/** One target of the scale phase: its rounds at the fixed rate and its CPU, the process's and its database's backends'. */
interface LadoEscala {
  alvo: Alvo;
  gerar: Gerador;
  /** The database it reads, for its PostgreSQL backends. */
  banco: string;
  rodadas: Rodada[];
  cpuAlvo: number;
  cpuPg: number;
}

/** What one target did at the fixed rate over its rounds: latency and CPU per answered request (µs). */
interface MedidaEscala {
  /** All its rounds as one sample. */
  lento: Resumo;
  /** Each round's p99, in the order measured. */
  p99s: number[];
  cpuAlvo: number;
  cpuPg: number;
  cpuPorReq: number;
}

/**
 * The growth of p99 from the smaller to the larger database: the median, over the rounds, of one
 * round's p99 at 30 M over the same round's at 10 M (measured in the same seconds). A collector pause
 * in one of the two servers moves one ratio, not the verdict.
 */
const crescimentoP99 = (menor: MedidaEscala, maior: MedidaEscala) => mediana(maior.p99s.map((p, i) => p / (menor.p99s[i] ?? Number.NaN)));

/** The client backends connected to `banco` (both databases share one postmaster). */
async function backends(client: Awaited<ReturnType<typeof conectarEm>>, banco: string): Promise<number[]> {
  const r = await client.query<{ pid: number }>(
    "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
    [banco],
  );
  return r.rows.map((l) => l.pid);
}

/**
 * Issue #21: the same endpoint on the smaller and the larger database, each with its own server and
 * baseline. In each round both servers are loaded in the same seconds, each at half the fixed rate,
 * then both baselines (the other way round in the next round): what the shared machine does
 * meanwhile (a neighbour, the disk, the load generator itself) falls on both sizes of a pair alike.
 * Measured one after the other, even seconds apart, the growth measured the machine.
 */
async function medirCrescimento(
  e: Endpoint,
  menor: { srv: Alvo; bare: Alvo; url: string },
  maior: { srv: Alvo; bare: Alvo; url: string },
  porSegundo: number,
): Promise<{ menor: { srv: MedidaEscala; bare: MedidaEscala }; maior: { srv: MedidaEscala; bare: MedidaEscala } }> {
  const banco = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));
  const lado = (alvo: Alvo, gerar: Gerador, url: string): LadoEscala => ({
    alvo,
    gerar,
    banco: banco(url),
    rodadas: [],
    cpuAlvo: 0,
    cpuPg: 0,
  });
  const servidores = [lado(menor.srv, e.servidor, menor.url), lado(maior.srv, e.servidor, maior.url)] as const;
  const bases = [lado(menor.bare, e.base, menor.url), lado(maior.bare, e.base, maior.url)] as const;
  const metade = porSegundo / 2;
  const client = await conectarEm(menor.url);
  try {
    for (const par of [servidores, bases])
      await Promise.all(par.map((l) => aRitmo(l.alvo.porta, l.gerar, P.conexoes, P.aquecimentoS, metade)));
    for (let r = 0; r < RODADAS_ESCALA; r++) {
      for (const par of r % 2 === 0 ? [servidores, bases] : [bases, servidores]) {
        const pids = await Promise.all(par.map((l) => backends(client, l.banco)));
        const antes = par.map((l, i) => ({ alvo: cpuArvoreMs(l.alvo.filho.pid ?? 0), pg: cpuDosPidsMs(pids[i] ?? []) }));
        const rodadas = await Promise.all(
          par.map((l) => aRitmo(l.alvo.porta, l.gerar, P.conexoes, SEGUNDOS_ESCALA / RODADAS_ESCALA, metade)),
        );
        // Backends the pool opened during the round count from zero.
        const depois = await Promise.all(par.map((l) => backends(client, l.banco)));
        par.forEach((l, i) => {
          const a = antes[i];
          l.rodadas.push(rodadas[i] ?? { tempos: [], segundos: 0, falhas: 0, codigos: '' });
          l.cpuAlvo += cpuArvoreMs(l.alvo.filho.pid ?? 0) - (a?.alvo ?? 0);
          for (const [pid, ms] of cpuDosPidsMs(depois[i] ?? [])) l.cpuPg += ms - (a?.pg.get(pid) ?? 0);
        });
      }
    }
  } finally {
    await client.end().catch(() => undefined);
  }
  const [a, b, c, d] = [...servidores, ...bases].map((l): MedidaEscala => {
    const lento = resumir(l.rodadas);
    const us = (cpuMs: number) => (lento.respostas > 0 ? (cpuMs * 1000) / lento.respostas : Number.NaN);
    const p99s = l.rodadas.map((r) => resumir([r]).p99);
    return { lento, p99s, cpuAlvo: us(l.cpuAlvo), cpuPg: us(l.cpuPg), cpuPorReq: us(l.cpuAlvo + l.cpuPg) };
  });
  if (!a || !b || !c || !d) throw new Error('medição vazia');
  return { menor: { srv: a, bare: c }, maior: { srv: b, bare: d } };
}

/** The compressed history may cost the server at most this much CPU over the plain one (measured in the same run). */
const FATOR_CPU_COMPRESSAO = 1.3;
/** A phone's 24 h history on the wire, in kB. */
const BYTES_HISTORICO_KB = 70;

/**
 * Issue #33: the 24 h history's body on the wire as a phone receives it (and plain), and the real
 * server's own CPU per history with and without compression, at 10 connections (CPU per answer,
 * not throughput: no need to saturate), in alternating rounds of whole answers.
 */
async function medirCompressao(srv: Alvo, e: Endpoint) {
  const telefone = comAceite(e.servidor);
  const bytes = await bytesNoFio(srv.porta, telefone, [0, 1, 2, 3, 7]);
  const p = { rodadas: 3, respostas: quick ? 200 : 500, conexoes: 10 };
  const cpu = await cpuComESemCompressao(srv.porta, srv.filho.pid ?? 0, telefone, p);
  nota(
    `${e.nome}, compressão: ${(bytes.comprimido / 1000).toFixed(1)} kB no fio (${bytes.codificacoes}) contra ${(bytes.plano / 1000).toFixed(1)} kB sem Accept-Encoding; ` +
      `CPU do processo do servidor por resposta, ${p.rodadas} rodadas alternadas de ${p.respostas} a ${p.conexoes} conexões: ${Math.round(cpu.comprimido)} µs comprimida, ` +
      `${Math.round(cpu.plano)} µs sem; razão de cada rodada ${cpu.razoes.map((r) => r.toFixed(2)).join(' ')}`,
  );
  return { bytes, cpu };
}

const falhasDe = (r: Resultado) => r.srv.falhas + r.bare.falhas + r.lento.srv.falhas + r.lento.bare.falhas;

const milhoes = (n: number) => (n >= 1e6 ? `${(n / 1e6).toLocaleString('pt-BR')} M` : n.toLocaleString('pt-BR'));

async function main() {
  nota(`máquina: ${cpus().length} núcleos, carga média ${loadavg()[0]?.toFixed(1) ?? '?'}${quick ? '; modo --quick' : ''}`);
  let pg: PostgresTemp | undefined;
  let database: Database | undefined;
  let servidor: Alvo | undefined;
  let base: Alvo | undefined;
  let servidor30: Alvo | undefined;
  let base30: Alvo | undefined;
  try {
    const reusar = argumento('--reuse');
    if (!reusar) {
      pg = await iniciarPostgresTemp();
      nota(`PostgreSQL temporário em ${pg.host}:${pg.porta} (scripts/pg-temp.sh: fsync=off)`);
    }
    const url = reusar ?? pg?.url ?? '';
    database = await openPostgres(url, 4);
    const pgPid = pg?.pid ?? (await postmaster(database));
    let b: Base;
    let porS: number | undefined;
    if (reusar && (await carregado(reusar))) {
      // For exploring: a database an earlier run loaded (and left running).
      b = await lerBaseDe(url);
      nota(`banco reaproveitado (${b.donos.length} donos, ${b.minutos} minutos por rastreador), posições até ${b.t0.toISOString()}`);
    } else {
      // A fresh temporary database, or (--reuse) an empty one this run loads and leaves up.
      await database.migrate(async (db) => {
        await garantirParticoes(db, RETENCAO_PADRAO);
        await seed(db, { email: 'admin@bench.rastro.local', password: senhaAleatoria() });
      });
      const s = await semear(url, { donos: P.donos, rastreadores: P.rastreadores, minutos: P.minutos });
      // The current positions, as the gateway's inserts keep them; then their statistics, as
      // autovacuum leaves them (semear's VACUUM ran while the table was empty, and a plan for an empty
      // localizacoes_atuais scans all of it for every tracker: ~14 ms of PostgreSQL per map at 5,000).
      await recalcularLocalizacoesAtuais(database.db);
      await database.db.execute(sql`vacuum (analyze) localizacoes_atuais`);
      const msAssentar = await assentar(url);
      b = s;
      porS = s.posicoes / (s.msPosicoes / 1000);
      nota(
        `carga: ${P.donos} donos, ${P.rastreadores} rastreadores, ${s.posicoes} posições por COPY em ${(s.msPosicoes / 1000).toFixed(1)} s (2 fluxos); ` +
          `VACUUM (ANALYZE) em ${(s.msVacuum / 1000).toFixed(1)} s; CHECKPOINT e sync em ${(msAssentar / 1000).toFixed(1)} s`,
      );
    }
    // The scale phase needs the first load alone (a reused database may already hold the older history).
    const crescerDepois = b.minutos === P.minutos;
    if (!crescerDepois) nota(`${b.minutos} minutos por rastreador (não ${P.minutos}): sem a fase de escala`);

    const [admin] = await consultar<{ id: number }>(
      database.db,
      sql`select u.id from usuarios u join niveis n on n.id = u.nivel_id where n.nome = ${NIVEL_ADMINISTRADOR} order by u.id limit 1`,
    );
    if (!admin) throw new Error('administrador ausente');
    const tokensDonos = await tokens(database, b.donos);
    const [tokenAdmin = ''] = await tokens(database, [admin.id]);
    await database.close();
    database = undefined;

    const iniciarAlvos = (em: string) =>
      Promise.all([iniciarAlvo('servidor.ts', em, argumento('--cpu-prof')), iniciarAlvo('base.ts', em, argumento('--cpu-prof-base'))]);
    [servidor, base] = await iniciarAlvos(url);
    const so = argumento('--only');
    const eps = endpoints(b, tokensDonos, tokenAdmin).filter((e) => !so || e.nome === so);
    const corpos = new Map<string, unknown[]>();
    for (const e of eps) corpos.set(e.nome, await conferir(e, servidor, base));
    nota(
      `${P.conexoes} conexões; por endpoint e alvo ${P.aquecimentoS} s de aquecimento + ${P.medidaS} s medidos em ${P.rodadas} rodadas alternadas; ` +
        `pool de ${POOL} conexões nos dois alvos`,
    );

    let falhas = 0;
    const resultados: Resultado[] = [];
    for (const e of eps) {
      const r = await medir(servidor, base, e, pgPid);
      falhas += falhasDe(r);
      resultados.push(r);
    }

    const historico = eps.find((e) => e.nome === 'historico');
    const compressao = historico ? await medirCompressao(servidor, historico) : undefined;
    falhas += compressao?.cpu.falhas ?? 0;

    if (porS !== undefined) imprimir({ nome: 'api.seed.positions_per_s', valor: Math.round(porS), unidade: 'rows/s' });
    for (const { e, srv, bare, ritmo, lento } of resultados) {
      const n = `api.${e.nome}`;
      imprimir({ nome: `${n}.req_per_s`, valor: Math.round(srv.reqPorS), unidade: 'req/s', base: bare.reqPorS });
      imprimir({ nome: `${n}.p50_saturated`, valor: srv.p50, unidade: 'ms', base: bare.p50 });
      imprimir({ nome: `${n}.p99_saturated`, valor: srv.p99, unidade: 'ms', base: bare.p99 });
      // The budgets: latency at the fixed rate, on the same 100 connections.
      imprimir({ nome: `${n}.fixed_rate`, valor: ritmo, unidade: 'req/s' });
      imprimir({ nome: `${n}.p50`, valor: lento.srv.p50, unidade: 'ms', base: lento.bare.p50 });
      imprimir({
        nome: `${n}.p99`,
        valor: mediana(lento.srv.p99s),
        unidade: 'ms',
        orcamento: e.p99 === undefined ? undefined : { op: '<=', valor: e.p99 },
        base: mediana(lento.bare.p99s),
      });
      imprimir({ nome: `${n}.ratio`, valor: razaoDaVazao(srv, bare), unidade: 'x', orcamento: { op: '>=', valor: 0.7 } });
      imprimir({ nome: `${n}.bare_req_per_s`, valor: Math.round(bare.reqPorS), unidade: 'req/s' });
      // CPU per request (the target process plus PostgreSQL): steadier than req/s when other work
      // shares the machine; the ratio column is the real server's over the baseline's.
      imprimir({ nome: `${n}.cpu_per_req`, valor: Math.round(srv.cpuAlvo + srv.cpuPg), unidade: 'us', base: bare.cpuAlvo + bare.cpuPg });
    }

    if (compressao) {
      const { bytes, cpu } = compressao;
      // The ratio columns: over the plain answer's bytes, and over the plain answer's CPU.
      imprimir({
        nome: 'api.historico.bytes_on_wire',
        valor: Math.round(bytes.comprimido / 100) / 10,
        unidade: 'kB',
        orcamento: { op: '<=', valor: BYTES_HISTORICO_KB },
        base: bytes.plano / 1000,
      });
      imprimir({ nome: 'api.historico.cpu_per_request_plain', valor: Math.round(cpu.plano), unidade: 'us' });
      imprimir({
        nome: 'api.historico.cpu_per_request_compressed',
        valor: Math.round(cpu.comprimido),
        unidade: 'us',
        orcamento: { op: '<=', valor: Math.round(FATOR_CPU_COMPRESSAO * cpu.plano) },
        base: cpu.plano,
      });
    }

    // Issue #21: a copy of the database gets twice the history again, older (the current positions
    // and the 24 h window stay the same), and the endpoints with a growth budget are measured on
    // both databases at once, each with its own fresh server and baseline, at the first fixed rate.
    const escalaveis = resultados.filter((r) => r.e.crescimento !== undefined);
    if (crescerDepois && escalaveis.length > 0) {
      await Promise.all([encerrar(servidor), encerrar(base)]);
      [servidor, base] = [undefined, undefined];
      const antes = P.rastreadores * b.minutos;
      const copia = await copiarBanco(url, BANCO_MAIOR);
      const c = await crescer(copia.url, P.minutosMais);
      const msAssentar = await assentar(copia.url);
      const tamanhos = { menor: milhoes(antes), maior: milhoes(antes + c.posicoes) };
      nota(
        `escala: o banco copiado (${BANCO_MAIOR}, CREATE DATABASE … TEMPLATE em ${(copia.ms / 1000).toFixed(1)} s) recebe mais ${c.posicoes} posições ` +
          `(${P.minutosMais} minutos por rastreador, de ${c.inicio.toISOString()}, antes das que havia) por COPY em ${(c.msPosicoes / 1000).toFixed(1)} s ` +
          `(2 fluxos); VACUUM (ANALYZE) em ${(c.msVacuum / 1000).toFixed(1)} s; CHECKPOINT e sync em ${(msAssentar / 1000).toFixed(1)} s; ${tamanhos.menor} e ${tamanhos.maior} posições, ` +
          `medidos em ${RODADAS_ESCALA} rodadas, os dois tamanhos nos mesmos segundos, cada um à metade do ritmo; a mais nova, as atuais e as 24 h lidas, as mesmas`,
      );
      [servidor, base] = await iniciarAlvos(url);
      [servidor30, base30] = await iniciarAlvos(copia.url);
      for (const { e } of escalaveis) {
        const agora = await conferir(e, servidor30, base30);
        if (!isDeepStrictEqual(agora, corpos.get(e.nome)))
          throw new Error(`${e.nome}: outra resposta com o histórico mais antigo: ${JSON.stringify(agora).slice(0, 300)}`);
      }
      const depois: { r: Resultado; g: Awaited<ReturnType<typeof medirCrescimento>> }[] = [];
      for (const r of escalaveis) {
        const g = await medirCrescimento(
          r.e,
          { srv: servidor, bare: base, url },
          { srv: servidor30, bare: base30, url: copia.url },
          r.ritmo,
        );
        const cpu = (m: MedidaEscala) => `CPU/req ${Math.round(m.cpuAlvo)} µs no processo + ${Math.round(m.cpuPg)} µs no PostgreSQL`;
        const rodadas = (m: MedidaEscala) => m.p99s.map((p) => p.toFixed(1)).join(' ');
        nota(
          `${r.e.nome} a ${r.ritmo} req/s (metade em cada tamanho), ${tamanhos.menor} × ${tamanhos.maior}, todas as rodadas juntas: servidor ${ms(g.menor.srv.lento)}, ${cpu(g.menor.srv)} × ` +
            `${ms(g.maior.srv.lento)}, ${cpu(g.maior.srv)}; base ${ms(g.menor.bare.lento)} × ${ms(g.maior.bare.lento)}`,
        );
        nota(
          `${r.e.nome}, p99 de cada rodada (ms): servidor ${tamanhos.menor} ${rodadas(g.menor.srv)}; ${tamanhos.maior} ${rodadas(g.maior.srv)}; ` +
            `base ${tamanhos.menor} ${rodadas(g.menor.bare)}; ${tamanhos.maior} ${rodadas(g.maior.bare)}`,
        );
        falhas += [g.menor.srv, g.menor.bare, g.maior.srv, g.maior.bare].reduce((n, m) => n + m.lento.falhas, 0);
        depois.push({ r, g });
      }
      imprimir({ nome: 'api.seed.positions_per_s_30m', valor: Math.round(c.posicoes / (c.msPosicoes / 1000)), unidade: 'rows/s' });
      for (const { r, g } of depois) {
        const n = `api.${r.e.nome}`;
        // The ratio column: the median round's p99 with 30 M over the median round's with 10 M.
        imprimir({ nome: `${n}.p99_30m`, valor: mediana(g.maior.srv.p99s), unidade: 'ms', base: mediana(g.menor.srv.p99s) });
        imprimir({
          nome: `${n}.p99_growth`,
          valor: crescimentoP99(g.menor.srv, g.maior.srv),
          unidade: 'x',
          orcamento: { op: '<=', valor: r.e.crescimento ?? 1 },
        });
        // The same for the baseline: what the database alone does with the longer history.
        imprimir({ nome: `${n}.bare_p99_growth`, valor: crescimentoP99(g.menor.bare, g.maior.bare), unidade: 'x' });
        imprimir({ nome: `${n}.cpu_per_req_30m`, valor: Math.round(g.maior.srv.cpuPorReq), unidade: 'us', base: g.menor.srv.cpuPorReq });
      }
    }
    imprimir({ nome: 'api.failed_requests', valor: falhas, unidade: 'req', orcamento: { op: '==', valor: 0 } });
  } finally {
    await Promise.all([servidor, base, servidor30, base30].map(encerrar));
    await database?.close().catch(() => undefined);
    await pg?.parar();
  }
}

executar('api', main);
