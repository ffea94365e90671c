import { fork, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { consultar, GatewayTopin, openPostgres, type Database } from '@rastro/server';
import { lerArgs } from '../lib/args';
import { cpuArvoreMs, cpuProprioMs } from '../lib/cpu';
import { limiteDeArquivos } from '../lib/limites';
import { iniciarPostgresTemp, type PostgresTemp } from '../lib/postgres-temp';
import { imprimir, nota } from '../lib/report';
import { dormir } from '../lib/stats';
import { baseCopy } from './base';
import { BASE_FIX_MS, type Pedido, type Resposta } from './mensagens';

/**
 * bench/ingest: a real GatewayTopin on a throwaway PostgreSQL, fed by simulated devices in a
 * child process over TCP. Measures positions persisted per second (rows in the database over
 * the measured window), device-side reply latency, positions acknowledged but not stored, and
 * how many idle logged-in connections one gateway holds. The baseline is a bulk
 * `COPY … FROM STDIN` of as many rows into the same table in the same run.
 */

const { quick } = lerArgs();
const P = {
  ...(quick
    ? // A smoke run: a tenth of the connections and, with half the devices and a short window, half the rate.
      { aparelhos: 1000, janela: 1, aquecimentoS: 2, medidaS: 8, conexoes: 1000, esperaS: 3, orcamentoPos: 10_000 }
    : { aparelhos: 2000, janela: 1, aquecimentoS: 5, medidaS: 30, conexoes: 10_000, esperaS: 15, orcamentoPos: 20_000 }),
  // For exploring: --devices N, --window N, --seconds N, --connections N.
  ...opcao('--devices', 'aparelhos'),
  ...opcao('--window', 'janela'),
  ...opcao('--seconds', 'medidaS'),
  ...opcao('--connections', 'conexoes'),
};
/** The gateway's pool, as in production's default (DATABASE_POOL_MAX). */
const POOL = 10;
const IMEI_BASE = 359_339_081_000_000;

function opcao<K extends string>(flag: string, chave: K): Partial<Record<K, number>> {
  const i = process.argv.indexOf(flag);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isInteger(v) && v > 0 ? ({ [chave]: v } as Partial<Record<K, number>>) : {};
}

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** The device process: requests go in order, each answered by one message. */
class Dispositivos {
  private readonly filho: ChildProcess;
  private espera: { resolve: (r: Resposta) => void; reject: (e: Error) => void } | undefined;

  constructor() {
    const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'dispositivos.ts');
    this.filho = fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.filho.on('message', (r: Resposta) => {
      const e = this.espera;
      this.espera = undefined;
      if (!e) return;
      if (r.tipo === 'erro') e.reject(new Error(`dispositivos: ${r.mensagem}`));
      else e.resolve(r);
    });
    this.filho.on('exit', (code) => {
      this.espera?.reject(new Error(`processo dos dispositivos saiu (código ${code ?? '?'})`));
      this.espera = undefined;
    });
  }

  avisar(p: Pedido) {
    this.filho.send(p);
  }

  pedir<T extends Resposta['tipo']>(p: Pedido, tipo: T): Promise<Extract<Resposta, { tipo: T }>> {
    return new Promise((resolve, reject) => {
      this.espera = {
        resolve: (r) =>
          r.tipo === tipo ? resolve(r as Extract<Resposta, { tipo: T }>) : reject(new Error(`esperava ${tipo}, veio ${r.tipo}`)),
        reject,
      };
      this.filho.send(p);
    });
  }

  encerrar() {
    if (this.filho.connected) this.filho.disconnect();
    this.filho.kill();
  }
}

const agoraNoBanco = async (database: Database) =>
  (await consultar<{ t: string }>(database.db, sql`select clock_timestamp()::text as t`))[0]?.t ?? '';

async function registrarRastreadores(database: Database, n: number) {
  const rows = await consultar<{ id: number; imei: string }>(
    database.db,
    sql`insert into rastreadores (imei, protocolo) select (${IMEI_BASE}::bigint + g)::text, 'TOPIN' from generate_series(1, ${n}::int) g returning id, imei`,
  );
  rows.sort((a, b) => a.imei.localeCompare(b.imei));
  return rows;
}

async function fasePosicoes(
  database: Database,
  pgPid: number,
  gw: { porta: number },
  disp: Dispositivos,
  rastreadores: { id: number; imei: string }[],
) {
  const usados = rastreadores.slice(0, P.aparelhos);
  const prontos = await disp.pedir(
    { tipo: 'carga', host: '127.0.0.1', porta: gw.porta, imeis: usados.map((r) => r.imei), janela: P.janela, concorrencia: 200 },
    'prontos',
  );
  nota(`${prontos.logados} aparelhos logados em ${(prontos.ms / 1000).toFixed(1)} s; janela de ${P.janela} fixes sem ack por aparelho`);
  disp.avisar({ tipo: 'enviar' });
  await dormir(P.aquecimentoS * 1000);
  const t0 = await agoraNoBanco(database);
  disp.avisar({ tipo: 'medir' });
  const cpu0 = { gateway: cpuProprioMs(), pg: cpuArvoreMs(pgPid) };
  await dormir(P.medidaS * 1000);
  const cpu1 = { gateway: cpuProprioMs(), pg: cpuArvoreMs(pgPid) };
  const t1 = await agoraNoBanco(database);
  const fim = await disp.pedir({ tipo: 'parar' }, 'carga-fim');
  // Rows whose transaction began inside the window (data_cadastro defaults to now()).
  const [janela] = await consultar<{ n: number; s: number }>(
    database.db,
    sql`select count(*)::int as n, extract(epoch from ${t1}::timestamptz - ${t0}::timestamptz)::float8 as s from localizacoes where tipo = 'GPS' and data_cadastro >= ${t0}::timestamptz and data_cadastro < ${t1}::timestamptz`,
  );
  const gravadas = janela?.n ?? 0;
  const porSegundo = gravadas / (janela?.s ?? P.medidaS);
  // Acks come in order, so a device's acknowledged fixes are its first `k`: stamped before BASE + k s.
  const [perdas] = await consultar<{ confirmadas: number; guardadas: number }>(
    database.db,
    sql`with c as (select * from unnest(${sql.param(usados.map((r) => r.id))}::int[], ${sql.param(fim.confirmados)}::int[]) as c(id, k))
        select (select coalesce(sum(k), 0)::int from c) as confirmadas,
               (select count(distinct (l.rastreador_id, l.data_hora))::int from localizacoes l join c on c.id = l.rastreador_id
                 where l.tipo = 'GPS' and l.data_hora < ${new Date(BASE_FIX_MS).toISOString()}::timestamptz + c.k * interval '1 second') as guardadas`,
  );
  const confirmadas = perdas?.confirmadas ?? 0;
  // CPU per stored position, per process: steadier than wall time on a shared machine.
  const us = (ms: number) => (gravadas > 0 ? (ms * 1000) / gravadas : Number.NaN);
  const custo = { gateway: us(cpu1.gateway - cpu0.gateway), aparelhos: us(fim.cpuMs), pg: us(cpu1.pg - cpu0.pg) };
  const soma = custo.gateway + custo.aparelhos + custo.pg;
  nota(
    `CPU por posição: gateway ${custo.gateway.toFixed(1)} µs, aparelhos ${custo.aparelhos.toFixed(1)} µs, PostgreSQL ${custo.pg.toFixed(1)} µs ` +
      `(juntos ${soma.toFixed(1)} µs: com ${cpus().length} núcleos só para isto, no máximo ~${Math.round((cpus().length * 1e6) / soma)} pos/s)`,
  );
  nota(
    `posições: ${gravadas} gravadas em ${(janela?.s ?? 0).toFixed(1)} s medidos; ${confirmadas} confirmadas no total; ` +
      `acks vistos pelos aparelhos na janela: ${Math.round(fim.acksMedidos / (fim.msMedidos / 1000))}/s; latência máx ${fim.maxMs.toFixed(1)} ms` +
      (fim.semResposta ? `; ${fim.semResposta} sem ack` : '') +
      (fim.acksErrados ? `; ${fim.acksErrados} acks com hora errada` : ''),
  );
  return { gravadas, porSegundo, fim, custo, perdidas: confirmadas - (perdas?.guardadas ?? 0) };
}

async function faseConexoes(
  gateway: GatewayTopin,
  gw: { porta: number },
  disp: Dispositivos,
  rastreadores: { id: number; imei: string }[],
) {
  const alvo = rastreadores.slice(0, P.conexoes);
  const abertas = await disp.pedir(
    { tipo: 'ociosas', host: '127.0.0.1', porta: gw.porta, imeis: alvo.map((r) => r.imei), concorrencia: 200 },
    'abertas',
  );
  nota(
    `conexões: ${abertas.logadas} logadas em ${(abertas.ms / 1000).toFixed(1)} s (${abertas.falhas} falhas); ociosas por ${P.esperaS} s`,
  );
  await dormir(P.esperaS * 1000);
  const noGateway = alvo.filter((r) => gateway.conectado(r.id)).length;
  const { vivas } = await disp.pedir({ tipo: 'verificar', prazoMs: 60_000 }, 'verificadas');
  nota(`conexões: ${noGateway} registradas no gateway, ${vivas} responderam a um pedido de hora (0x30)`);
  await disp.pedir({ tipo: 'fechar' }, 'fechadas');
  return Math.min(noGateway, vivas);
}

async function main() {
  const limite = limiteDeArquivos();
  nota(
    `máquina: ${cpus().length} núcleos, carga média ${loadavg()[0]?.toFixed(1) ?? '?'}; limite de arquivos abertos ${limite ?? '?'}${quick ? '; modo --quick' : ''}`,
  );
  if (limite !== undefined && limite < P.conexoes + 1000)
    nota(`limite de arquivos (${limite}) baixo para ${P.conexoes} conexões: rode com ulimit -n maior`);
  let pg: PostgresTemp | undefined;
  let database: Database | undefined;
  let gateway: GatewayTopin | undefined;
  let disp: Dispositivos | undefined;
  try {
    pg = await iniciarPostgresTemp();
    nota(`PostgreSQL temporário em ${pg.host}:${pg.porta} (scripts/pg-temp.sh: fsync=off)`);
    database = await openPostgres(pg.url, POOL);
    await database.migrate();
    const rastreadores = await registrarRastreadores(database, Math.max(P.aparelhos, P.conexoes));
    gateway = new GatewayTopin(database, log, {
      port: 0,
      host: '127.0.0.1',
      // Every simulated device comes from 127.0.0.1, and the idle ones must stay for the whole phase.
      idleMs: 10 * 60_000,
      maxConexoesPorIp: P.conexoes + P.aparelhos + 100,
      maxBuffer: 4096,
    });
    const gw = { porta: await gateway.iniciar() };
    disp = new Dispositivos();

    const pos = await fasePosicoes(database, pg.pid, gw, disp, rastreadores);
    const base = await baseCopy(pg.url, pos.gravadas);
    nota(`base: ${base.linhas} linhas por um COPY … FROM STDIN em ${(base.ms / 1000).toFixed(2)} s (tabela esvaziada antes)`);
    const held = await faseConexoes(gateway, gw, disp, rastreadores);

    nota(`carga média no fim: ${loadavg()[0]?.toFixed(1) ?? '?'} (outros processos disputam os mesmos núcleos: veja a CPU por posição)`);
    imprimir({
      nome: 'ingest.positions_per_s',
      valor: Math.round(pos.porSegundo),
      unidade: 'pos/s',
      orcamento: { op: '>=', valor: P.orcamentoPos },
      base: base.porSegundo,
    });
    imprimir({ nome: 'ingest.baseline_copy_rows_per_s', valor: Math.round(base.porSegundo), unidade: 'rows/s' });
    imprimir({ nome: 'ingest.reply_latency_p50', valor: pos.fim.p50Ms, unidade: 'ms' });
    imprimir({ nome: 'ingest.reply_latency_p99', valor: pos.fim.p99Ms, unidade: 'ms' });
    imprimir({ nome: 'ingest.gateway_cpu_per_position', valor: pos.custo.gateway, unidade: 'us' });
    imprimir({ nome: 'ingest.lost_positions', valor: pos.perdidas, unidade: 'pos', orcamento: { op: '==', valor: 0 } });
    imprimir({ nome: 'ingest.connections_held', valor: held, unidade: 'conn', orcamento: { op: '>=', valor: P.conexoes } });
  } finally {
    disp?.encerrar();
    await gateway?.parar().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await pg?.parar();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`bench/ingest falhou: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
