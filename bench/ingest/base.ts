import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { consultar, type Database } from '../../apps/server/src/db/client';

/**
 * The baseline: the same number of GPS rows the gateway stored in its window, written straight
 * into the same (emptied) table by `INSERT … SELECT FROM unnest(arrays)` in large statements —
 * the fastest bulk path `pg` offers without a COPY stream library.
 */
const LOTE = 50_000;

export async function baseUnnest(database: Database, linhas: number) {
  await consultar(database.db, sql`truncate localizacoes`);
  const n = Math.max(1, linhas);
  const ids = (await consultar<{ id: number }>(database.db, sql`select id from rastreadores order by id limit 2000`)).map((r) => r.id);
  const t0 = Date.UTC(2025, 0, 1);
  const lotes: { rastreador: number[]; dataHora: Date[]; lat: number[]; lng: number[]; vel: number[]; curso: number[]; sat: number[] }[] = [];
  for (let i = 0; i < n; i += LOTE) {
    const m = Math.min(LOTE, n - i);
    const l = { rastreador: new Array<number>(m), dataHora: new Array<Date>(m), lat: new Array<number>(m), lng: new Array<number>(m), vel: new Array<number>(m), curso: new Array<number>(m), sat: new Array<number>(m) };
    for (let j = 0; j < m; j++) {
      const k = i + j;
      l.rastreador[j] = ids[k % ids.length] ?? 1;
      l.dataHora[j] = new Date(t0 + Math.floor(k / ids.length) * 1000);
      l.lat[j] = -23.5614 + (k % 100) * 1e-5;
      l.lng[j] = -46.6559 - (k % 100) * 1e-5;
      l.vel[j] = 4;
      l.curso[j] = 90;
      l.sat[j] = 8;
    }
    lotes.push(l);
  }
  const inicio = performance.now();
  for (const l of lotes) {
    await consultar(
      database.db,
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, satelites)
          select r, 'GPS', d, la, lo, v, c, s from unnest(${sql.param(l.rastreador)}::int[], ${sql.param(l.dataHora)}::timestamptz[], ${sql.param(l.lat)}::float8[],
            ${sql.param(l.lng)}::float8[], ${sql.param(l.vel)}::real[], ${sql.param(l.curso)}::smallint[], ${sql.param(l.sat)}::smallint[]) as t(r, d, la, lo, v, c, s)`,
    );
  }
  const ms = performance.now() - inicio;
  return { linhas: n, lote: LOTE, ms, porSegundo: n / (ms / 1000) };
}
