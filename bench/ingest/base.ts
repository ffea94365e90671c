import { performance } from 'node:perf_hooks';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { cpuArvoreMs } from '../lib/cpu';

/**
 * The baseline: the same number of GPS rows the gateway stored in its window, written straight
 * into the same (emptied) table by one `COPY … FROM STDIN` on one connection — PostgreSQL's
 * fastest way in. The rows are built before the clock starts; the text is streamed in 1,000-row
 * chunks, as a client would. PostgreSQL's CPU per row in it is the baseline of the gateway's
 * write path's (issue #36).
 */
const COPY_GPS = 'COPY localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, satelites) FROM STDIN';
const PEDACO = 1000;

export async function baseCopy(url: string, linhas: number, pgPid: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('truncate localizacoes');
    const n = Math.max(1, linhas);
    const ids = (await client.query<{ id: number }>('select id from rastreadores order by id limit 2000')).rows.map((r) => r.id);
    const t0 = Date.UTC(2025, 0, 1);
    const pedacos: string[] = [];
    for (let i = 0; i < n; i += PEDACO) {
      let s = '';
      for (let k = i; k < Math.min(n, i + PEDACO); k++) {
        const quando = new Date(t0 + Math.floor(k / ids.length) * 1000).toISOString();
        s += `${ids[k % ids.length] ?? 1}\tGPS\t${quando}\t${-23.5614 + (k % 100) * 1e-5}\t${-46.6559 - (k % 100) * 1e-5}\t4\t90\t8\n`;
      }
      pedacos.push(s);
    }
    const inicio = performance.now();
    const cpuAntes = cpuArvoreMs(pgPid);
    await pipeline(Readable.from(pedacos, { objectMode: false }), client.query(copyFrom(COPY_GPS)));
    const ms = performance.now() - inicio;
    // PostgreSQL's CPU per row (all its processes; the machine's other work shows in both sides alike).
    const pgUsPorLinha = ((cpuArvoreMs(pgPid) - cpuAntes) * 1000) / n;
    const [{ n: gravadas } = { n: 0 }] = (await client.query<{ n: number }>('select count(*)::int as n from localizacoes')).rows;
    if (gravadas !== n) throw new Error(`COPY gravou ${gravadas} linhas, esperava ${n}`);
    return { linhas: n, ms, porSegundo: n / (ms / 1000), pgUsPorLinha };
  } finally {
    await client.end();
  }
}
