import { cpus, loadavg } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { GatewayTopin, openPostgres, type Database } from '@rastro/server';
import { cadastrarFamilias, registrarRastreadores, semearNiveis } from '../ingest/cadastro';
import { Filho } from '../ingest/filho';
import { lerArgs } from '../lib/args';
import { cpuArvoreMs, cpuProprioMs } from '../lib/cpu';
import { iniciarPostgresTemp, type PostgresTemp } from '../lib/postgres-temp';
import { executar, imprimir, nota } from '../lib/report';
import type { AvisoDoFilho } from '../lib/servir-no-filho';
import { dormir, percentil } from '../lib/stats';
import { baseDireta } from './base';
import { contagens, etapas, inscrever, inscricoes, registrarFila } from './cadastro';
import { ENV_URL, agora, type Pedido, type Resposta } from './mensagens';
import { resumoDasEtapas } from './etapas';

/**
 * bench/push: N owners, each with one pet whose collar is logged in to a real GatewayTopin and one
 * push subscription, raise an SOS together; each alarm becomes a notification and a message in the
 * push queue, which the API's sender (in its own process, as production runs it) delivers to the
 * owners' push service. Measures, per owner, from the SOS frame written to the push message
 * received. The baseline is the same number of messages built by web-push and POSTed straight to
 * the same receiver from one process, in the same run.
 */

const { quick } = lerArgs();
// --quick: a fifth of the owners (the budget is for 1,000).
const N = opcao('--owners') ?? (quick ? 200 : 1000);
const PRAZO_MS = 60_000;
/** The gateway's pool, as in production's default (DATABASE_POOL_MAX). */
const POOL = 10;

function opcao(flag: string): number | undefined {
  const i = process.argv.indexOf(flag);
  const v = i >= 0 ? Number(process.argv[i + 1]) : Number.NaN;
  return Number.isInteger(v) && v > 0 ? v : undefined;
}
const argumento = (flag: string) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

const avisosDoGateway: string[] = [];
const log = pino({ level: 'warn' }, { write: (linha: string) => void avisosDoGateway.push(linha) }) as unknown as FastifyBaseLogger;

/** Latency per owner (ms); an owner whose message never came counts as infinitely late. */
function latencias(inicio: (i: number) => number, chegadas: readonly (number | null)[]) {
  return Float64Array.from(chegadas, (t, i) => (t === null ? Number.POSITIVE_INFINITY : t - inicio(i)));
}

const payload = (i: number) =>
  JSON.stringify({
    titulo: `PET ${i}-1`,
    corpo: `Alerta de SOS do rastreador PET ${i}-1.`,
    rastreadorId: i + 1,
    url: `/user/mapa?rastreador=${i + 1}`,
    id: String(i + 1),
  });

async function main() {
  nota(
    `máquina: ${cpus().length} núcleos, carga média ${loadavg()[0]?.toFixed(1) ?? '?'}; ${N} donos${quick ? ' (--quick: o orçamento é para 1.000)' : ''}`,
  );
  let pg: PostgresTemp | undefined;
  let database: Database | undefined;
  let gateway: GatewayTopin | undefined;
  let api: Filho<never, AvisoDoFilho> | undefined;
  let donos: Filho<Pedido, Resposta> | undefined;
  try {
    pg = await iniciarPostgresTemp();
    nota(`PostgreSQL temporário em ${pg.host}:${pg.porta} (scripts/pg-temp.sh: fsync=off)`);
    database = await openPostgres(pg.url, POOL);
    await database.migrate();
    await semearNiveis(database);
    await registrarFila(database);
    const perfilApi = argumento('--cpu-prof-api');
    api = new Filho<never, AvisoDoFilho>('../push/api.ts', {
      execArgv: ['--max-semi-space-size=64', ...(perfilApi ? ['--cpu-prof', '--cpu-prof-dir', perfilApi] : [])],
      env: { ...process.env, [ENV_URL]: pg.url },
    });
    const apiPronta = api.esperar('pronto');
    apiPronta.catch(() => undefined);

    donos = new Filho<Pedido, Resposta>('../push/donos.ts');
    const { porta: portaReceptor } = await donos.pedir({ tipo: 'receptor', n: N }, 'receptor');
    const origem = `http://127.0.0.1:${portaReceptor}`;
    const rastreadores = await registrarRastreadores(database, N);
    const grupo = await cadastrarFamilias(database, rastreadores, { primeiraFamilia: 0, porFamilia: 1, zonas: false, rotulo: 'DONO' });
    await inscrever(database, grupo.donos, inscricoes(origem, 'push', N));

    gateway = new GatewayTopin(database, log, {
      port: 0,
      host: '127.0.0.1',
      idleMs: 10 * 60_000,
      maxConexoesPorIp: N + 100,
      maxBuffer: 4096,
    });
    const porta = await gateway.iniciar();
    const conectados = await donos.pedir(
      { tipo: 'conectar', host: '127.0.0.1', porta, imeis: rastreadores.map((r) => r.imei), concorrencia: 200 },
      'conectados',
    );
    if (conectados.logados !== N) throw new Error(`só ${conectados.logados} de ${N} coleiras logadas`);
    await apiPronta;
    nota(`${N} coleiras logadas em ${(conectados.ms / 1000).toFixed(1)} s; API pronta (o entregador de push acorda pelo NOTIFY)`);
    // The logins' own writes settle before the clock starts.
    await dormir(1000);

    const cpu0 = { api: cpuArvoreMs(api.pid), pg: cpuArvoreMs(pg.pid), gateway: cpuProprioMs() };
    const disparo = await donos.pedir({ tipo: 'disparar' }, 'disparados');
    const push = await donos.pedir({ tipo: 'esperar', rota: 'push', prazoMs: PRAZO_MS }, 'esperados');
    const fimPush = agora();
    const cpu = {
      api: cpuArvoreMs(api.pid) - cpu0.api,
      pg: cpuArvoreMs(pg.pid) - cpu0.pg,
      gateway: cpuProprioMs() - cpu0.gateway,
    };
    const primeiro = Math.min(...disparo.enviados);
    const lat = latencias((i) => disparo.enviados[i] ?? primeiro, push.chegadas);
    const entregues = push.chegadas.filter((t) => t !== null).length;
    // The queue's log and the counts once the last round is done (its delete follows the last POST).
    let cont = await contagens(database);
    for (let k = 0; k < 50 && cont.fila > 0 && entregues === N; k++) {
      await dormir(100);
      cont = await contagens(database);
    }
    const registro = await etapas(database);
    nota(
      `${N} SOS escritos em ${disparo.ms.toFixed(1)} ms; ${entregues} mensagens recebidas em ${((fimPush - primeiro) / 1000).toFixed(2)} s` +
        ` (${push.repetidas} repetidas, ${push.recusadas} recusadas); ${cont.notificacoes} notificações gravadas, ${cont.fila} mensagens ainda na fila`,
    );
    for (const linha of resumoDasEtapas(disparo.enviados, push.chegadas, registro)) nota(linha);
    nota(
      `CPU do disparo à última chegada: API ${cpu.api.toFixed(0)} ms (${((cpu.api / N) * 1000).toFixed(0)} µs por mensagem), ` +
        `PostgreSQL ${cpu.pg.toFixed(0)} ms, gateway ${cpu.gateway.toFixed(0)} ms`,
    );
    const avisos = avisosDoGateway.length;
    nota(`gateway: ${avisos} avisos ou erros no log${avisos ? ` (o primeiro: ${avisosDoGateway[0]?.trim() ?? ''})` : ''}`);

    // The baseline, with the gateway idle and the API's queue empty.
    await api.encerrar();
    const base = await baseDireta(inscricoes(origem, 'base', N), payload);
    const direto = await donos.pedir({ tipo: 'esperar', rota: 'base', prazoMs: PRAZO_MS }, 'esperados');
    const latBase = latencias(() => base.inicio, direto.chegadas);
    nota(
      `base: ${N} mensagens do web-push direto deste processo, todas de uma vez: cifrar e assinar ${((base.cifrarMs / N) * 1000).toFixed(0)} µs por mensagem, ` +
        `CPU ${((base.cpuMs / N) * 1000).toFixed(0)} µs por mensagem; ${base.falhas} falhas; p50 ${percentil(latBase, 50).toFixed(0)} ms`,
    );
    nota(`carga média no fim: ${loadavg()[0]?.toFixed(1) ?? '?'}`);

    imprimir({ nome: 'push.latency_p50', valor: percentil(lat, 50), unidade: 'ms', base: percentil(latBase, 50) });
    imprimir({
      nome: 'push.latency_p99',
      valor: percentil(lat, 99),
      unidade: 'ms',
      orcamento: { op: '<=', valor: 2000 },
      base: percentil(latBase, 99),
    });
    imprimir({ nome: 'push.delivered', valor: entregues, unidade: 'msgs', orcamento: { op: '==', valor: N } });
    imprimir({ nome: 'push.baseline_direct_latency_p99', valor: percentil(latBase, 99), unidade: 'ms' });
    imprimir({ nome: 'push.api_cpu_per_message', valor: (cpu.api / N) * 1000, unidade: 'us', base: (base.cpuMs / N) * 1000 });
  } finally {
    await donos?.encerrar();
    await api?.encerrar();
    await gateway?.parar().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await pg?.parar();
  }
}

executar('push', main);
