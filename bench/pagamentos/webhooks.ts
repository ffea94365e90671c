import { fork } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { gerarCertificados } from '@rastro/psp-pix/certificados';
import { consultar, type Database } from '@rastro/server';
import { disparar, resumir } from '../api/carga';
import { ENV_URL_DO_BANCO } from '../lib/env';
import type { AvisoDoFilho } from '../lib/servir-no-filho';
import { percentil } from '../lib/stats';

/** Callbacks of the measurement, each one Pix of its own charge. */
export const N_WEBHOOKS = 1000;
const SEGREDO = 'segredo-do-bench-de-webhooks-0123456789';
const CONCORRENCIA = 8;

/** The real API with payments in PSP mode on the benchmark's database, in a child process. */
function iniciarApi(url: string): Promise<{ porta: number; parar: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'rastro-bench-pix-'));
  const c = gerarCertificados();
  const arquivo = (nome: string, pem: string) => {
    writeFileSync(path.join(dir, nome), pem);
    return path.join(dir, nome);
  };
  const filho = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), 'servidor.ts'), [], {
    execArgv: ['--max-semi-space-size=64', '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      [ENV_URL_DO_BANCO]: url,
      PIX_CHAVE: 'pagamentos@bench.rastro.local',
      // No PSP answers here: the webhook's registration fails once at start (a warning), nothing else calls it.
      PIX_API_URL: 'https://127.0.0.1:9/api',
      PIX_CLIENT_ID: 'bench',
      PIX_CLIENT_SECRET: 'bench',
      PIX_CERT_FILE: arquivo('rastro.crt', c.rastro.cert),
      PIX_KEY_FILE: arquivo('rastro.key', c.rastro.key),
      PIX_WEBHOOK_URL: `http://127.0.0.1/api/pix/webhook/${SEGREDO}`,
      PIX_WEBHOOK_SEGREDO: SEGREDO,
    },
  });
  return new Promise((resolve, reject) => {
    filho.once('message', (m: AvisoDoFilho) =>
      m.tipo === 'pronto'
        ? resolve({
            porta: m.porta,
            parar: () => {
              if (filho.connected) filho.disconnect();
              filho.kill();
            },
          })
        : reject(new Error(m.mensagem)),
    );
    filho.once('exit', (code) => reject(new Error(`servidor saiu (código ${code ?? '?'})`)));
  });
}

/** POSTs each callback (`{ pix: [one] }`) with CONCORRENCIA at a time; the time of each, in ms. */
async function postarWebhooks(porta: number, txids: readonly string[], sufixo: string): Promise<number[]> {
  const agente = new Agent({ keepAlive: true, maxSockets: CONCORRENCIA });
  const tempos: number[] = [];
  let i = 0;
  const um = (txid: string, k: number) =>
    new Promise<void>((resolve, reject) => {
      const corpo = JSON.stringify({
        pix: [
          {
            endToEndId: `E18236120202611281200${sufixo}${String(k).padStart(10, '0')}`,
            txid,
            valor: '29.90',
            horario: new Date().toISOString(),
          },
        ],
      });
      const t0 = performance.now();
      const req = request(
        {
          host: '127.0.0.1',
          port: porta,
          method: 'POST',
          path: `/api/pix/webhook/${SEGREDO}/pix`,
          agent: agente,
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            tempos.push(performance.now() - t0);
            if (res.statusCode === 200) resolve();
            else reject(new Error(`webhook respondeu ${res.statusCode}`));
          });
        },
      );
      req.on('error', reject);
      req.end(corpo);
    });
  await Promise.all(
    Array.from({ length: CONCORRENCIA }, async () => {
      while (i < txids.length) {
        const k = i++;
        await um(txids[k] ?? '', k);
      }
    }),
  );
  agente.destroy();
  return tempos;
}

export interface MedidaDosWebhooks {
  /** p99 of the API's other requests: alone, then while the callbacks settle. */
  p99Base: number;
  p99ComWebhooks: number;
  p99Webhook: number;
  segundos: number;
}

/**
 * N_WEBHOOKS open charges, each settled by its PSP callback while the API answers other requests:
 * the API's p99 alone (the same run's baseline) and during the callbacks; then every callback again
 * (PSPs repeat them), which must change nothing.
 */
export async function medirWebhooks(database: Database, url: string): Promise<MedidaDosWebhooks> {
  const txids = (
    await consultar<{ txid: string }>(
      database.db,
      sql`insert into cobrancas (assinatura_id, usuario_id, txid, valor_centavos, periodo_inicio, periodo_fim, vencimento, psp_registrada_em)
          -- 'WH0…': no txid of the rounds starts so (their alphabet has no zero).
          select a.id, a.usuario_id, 'WH' || lpad(a.id::text, 30, '0'), a.valor_centavos, '2040-01-01', '2040-01-31', '2040-01-01', now()
          from assinaturas a order by a.id limit ${N_WEBHOOKS}
          returning txid`,
    )
  ).map((r) => r.txid);
  const api = await iniciarApi(url);
  try {
    const outras = () => ({ path: '/api/config' });
    await disparar(api.porta, outras, 4, { respostas: 500 });
    const base = resumir([await disparar(api.porta, outras, 4, { respostas: 3000 })]);
    const t0 = performance.now();
    const [durante, tempos] = await Promise.all([
      disparar(api.porta, outras, 4, { respostas: 3000 }),
      postarWebhooks(api.porta, txids, 'a'),
    ]);
    const segundos = (performance.now() - t0) / 1000;
    await postarWebhooks(api.porta, txids, 'b');
    const [pagas] = await consultar<{ n: number; e2e: number }>(
      database.db,
      sql`select count(*)::int as n, count(distinct end_to_end_id)::int as e2e from cobrancas where txid like 'WH0%' and situacao = 'PAGO'`,
    );
    if (pagas?.n !== N_WEBHOOKS || pagas.e2e !== N_WEBHOOKS)
      throw new Error(
        `${pagas?.n ?? 0} cobranças pagas (${pagas?.e2e ?? 0} Pix), não ${N_WEBHOOKS}: um webhook repetido liquidou de novo ou um se perdeu`,
      );
    return {
      p99Base: base.p99,
      p99ComWebhooks: resumir([durante]).p99,
      p99Webhook: percentil(Float64Array.from(tempos), 99),
      segundos,
    };
  } finally {
    api.parar();
  }
}
