import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { consultar, type Database } from '@rastro/server';
import { cpuArvoreMs, cpuProprioMs, cpuSistemaMs } from '../lib/cpu';
import { nota } from '../lib/report';
import { dormir } from '../lib/stats';
import type { Grupo } from './cadastro';
import type { Filho } from './filho';
import { BASE_FIX_MS, type Pedido, type PedidoFugas, type Resposta, type RespostaFugas } from './mensagens';

/** The measured stretches of the positions phase: what each counts and what it costs. */

const agoraNoBanco = async (database: Database) =>
  (await consultar<{ t: string }>(database.db, sql`select clock_timestamp()::text as t`))[0]?.t ?? '';

export interface Ctx {
  database: Database;
  disp: Filho<Pedido, Resposta>;
  /** The escaping pets, while they walk. */
  fugas?: Filho<PedidoFugas, RespostaFugas> | undefined;
  pgPid: number;
  /** The API process, while it runs. */
  apiPid?: number | undefined;
}

/**
 * One measured stretch: group `nome` sends (the other is connected and silent), `aquecimentoS` of
 * warm-up, `medidaS` counted; the escaping pets' crossings written meanwhile count under `fase`
 * (`nome` unless told). `antes` runs once warmed up, right before the counted part.
 */
export async function trecho(
  c: Ctx,
  nome: string,
  g: Grupo,
  aquecimentoS: number,
  medidaS: number,
  antes?: () => Promise<void>,
  fase = nome,
) {
  c.disp.avisar({ tipo: 'enviar', grupo: nome });
  await dormir(aquecimentoS * 1000);
  await antes?.();
  c.fugas?.avisar({ tipo: 'fase', nome: fase });
  const t0 = await agoraNoBanco(c.database);
  c.disp.avisar({ tipo: 'medir', fase });
  const cpu = () => ({
    gateway: cpuProprioMs(),
    gatewayNucleo: cpuSistemaMs(),
    pg: cpuArvoreMs(c.pgPid),
    api: c.apiPid ? cpuArvoreMs(c.apiPid) : 0,
  });
  const cpu0 = cpu();
  const inicio = performance.now();
  await dormir(medidaS * 1000);
  const cpu1 = cpu();
  const t1 = await agoraNoBanco(c.database);
  c.fugas?.avisar({ tipo: 'fase', nome: '' });
  const fim = await c.disp.pedir({ tipo: 'parar' }, 'carga-fim');
  // Rows of this group whose transaction began inside the window (data_cadastro defaults to now()).
  const [janela] = await consultar<{ n: number; s: number }>(
    c.database.db,
    sql`select count(*)::int as n, extract(epoch from ${t1}::timestamptz - ${t0}::timestamptz)::float8 as s from localizacoes
        where tipo = 'GPS' and rastreador_id between ${g.primeiro} and ${g.ultimo}
          and data_cadastro >= ${t0}::timestamptz and data_cadastro < ${t1}::timestamptz`,
  );
  return {
    gravadas: janela?.n ?? 0,
    s: janela?.s ?? (performance.now() - inicio) / 1000,
    cpu: {
      gateway: cpu1.gateway - cpu0.gateway,
      gatewayNucleo: cpu1.gatewayNucleo - cpu0.gatewayNucleo,
      pg: cpu1.pg - cpu0.pg,
      api: cpu1.api - cpu0.api,
    },
    fim,
  };
}
export type Trecho = Awaited<ReturnType<typeof trecho>>;

/** Group `nome` sends for `s` seconds, nothing counted (its devices' acks still add to what they confirmed). */
export async function aquecer(c: Ctx, nome: string, s: number) {
  c.disp.avisar({ tipo: 'enviar', grupo: nome });
  await dormir(s * 1000);
  await c.disp.pedir({ tipo: 'parar' }, 'carga-fim');
}

/** Two stretches of one group as one measure. */
export function somar(a: Trecho, b: Trecho): Trecho {
  return {
    gravadas: a.gravadas + b.gravadas,
    s: a.s + b.s,
    cpu: {
      gateway: a.cpu.gateway + b.cpu.gateway,
      gatewayNucleo: a.cpu.gatewayNucleo + b.cpu.gatewayNucleo,
      pg: a.cpu.pg + b.cpu.pg,
      api: a.cpu.api + b.cpu.api,
    },
    // The devices' figures are over every measured stretch of the group already.
    fim: b.fim,
  };
}

/** Acknowledged − stored: acks come in order, so a device's acknowledged fixes are its first `k`, stamped before BASE + k s. */
export async function perdidas(database: Database, g: Grupo, confirmados: number[]) {
  const [r] = await consultar<{ confirmadas: number; guardadas: number }>(
    database.db,
    sql`with c as (select * from unnest(${sql.param(g.rastreadores.map((r) => r.id))}::int[], ${sql.param(confirmados)}::int[]) as c(id, k))
        select (select coalesce(sum(k), 0)::int from c) as confirmadas,
               (select count(distinct (l.rastreador_id, l.data_hora))::int from localizacoes l join c on c.id = l.rastreador_id
                 where l.tipo = 'GPS' and l.data_hora < ${new Date(BASE_FIX_MS).toISOString()}::timestamptz + c.k * interval '1 second') as guardadas`,
  );
  return { confirmadas: r?.confirmadas ?? 0, perdidas: (r?.confirmadas ?? 0) - (r?.guardadas ?? 0) };
}

export function notaCpu(nome: string, t: Trecho) {
  // CPU per stored position, per process: steadier than wall time on a shared machine.
  const us = (ms: number) => (t.gravadas > 0 ? (ms * 1000) / t.gravadas : Number.NaN);
  const custo = { gateway: us(t.cpu.gateway), aparelhos: us(t.fim.cpuMs), pg: us(t.cpu.pg), api: us(t.cpu.api) };
  const soma = custo.gateway + custo.aparelhos + custo.pg + custo.api;
  nota(
    `${nome}: CPU por posição: gateway ${custo.gateway.toFixed(1)} µs (no núcleo ${us(t.cpu.gatewayNucleo).toFixed(1)}), aparelhos ${custo.aparelhos.toFixed(1)} µs, PostgreSQL ${custo.pg.toFixed(1)} µs, ` +
      `API ${custo.api.toFixed(1)} µs (juntos ${soma.toFixed(1)} µs: com ${cpus().length} núcleos só para isto, no máximo ~${Math.round((cpus().length * 1e6) / soma)} pos/s)`,
  );
  nota(
    `${nome}: ${t.gravadas} posições gravadas em ${t.s.toFixed(1)} s medidos; acks vistos pelos aparelhos: ` +
      `${Math.round(t.fim.acksMedidos / (t.fim.msMedidos / 1000))}/s; latência máx ${t.fim.maxMs.toFixed(1)} ms` +
      (t.fim.semResposta ? `; ${t.fim.semResposta} sem ack` : '') +
      (t.fim.acksErrados ? `; ${t.fim.acksErrados} acks com hora errada` : ''),
  );
  return custo;
}
