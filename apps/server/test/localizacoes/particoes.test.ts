import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { consultar, openPostgres, type Db } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { aplicarRetencao, garantirParticoes, RETENCAO_PADRAO } from '../../src/modules/localizacoes/particoes';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

/**
 * Positions and battery readings partitioned by month (issue #21): the migration keeps every row,
 * a fix with a clock years off lands in a default partition and never becomes current, and the
 * retention drops only whole partitions older than the setting, one instance at a time.
 */
const pasta = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
const DIA = 86_400_000;

/** The migrations folder as it was before `tag` (journal and files). */
function migracoesAntes(tag: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'rastro-migr-'));
  cpSync(pasta, dir, { recursive: true });
  const jornal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const i = jornal.entries.findIndex((e) => e.tag === tag);
  for (const e of jornal.entries.slice(i)) rmSync(path.join(dir, `${e.tag}.sql`));
  jornal.entries = jornal.entries.slice(0, i);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(jornal));
  return dir;
}

/** Every row of positions and battery readings, as one count and one checksum (order-independent). */
async function resumo(db: Db) {
  const [l] = await consultar<{ n: number; h: string }>(
    db,
    sql`select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as h from (
          select id, rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, precisao, satelites, mac_address,
            nivel_sinal, codigo_pais, rede, codigo_area, identificador_torre, futura, data_cadastro from localizacoes) t`,
  );
  const [b] = await consultar<{ n: number; h: string }>(
    db,
    sql`select count(*)::int as n, md5(string_agg(md5(t::text), '' order by md5(t::text))) as h from (
          select id, rastreador_id, bateria, nivel_sinal, carregando, data_cadastro from baterias) t`,
  );
  return { localizacoes: l, baterias: b };
}

/** Rows of every kind over 14 months, one years ahead and one years behind; battery readings too. */
async function semear(db: Db) {
  const agora = Date.now();
  await db.execute(sql`
    insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, precisao, mac_address, nivel_sinal,
      codigo_pais, rede, codigo_area, identificador_torre, futura)
    select 1 + (g % 7), (array['GPS','GPS','WIFI','LBS'])[1 + g % 4], to_timestamp(${agora / 1000} - g * 3571.3),
      case when g % 5 = 0 then null else -23.5 - g * 1e-5 end, -46.6 + g * 1e-5, (g % 40)::real, case when g % 4 >= 2 then 30 + g % 500 end,
      case when g % 4 = 2 then 'a4:39:b3:00:' || lpad(to_hex(g % 256), 2, '0') || ':01' end, -(g % 90),
      case when g % 4 = 3 then 724 end, case when g % 4 = 3 then 5 end, case when g % 4 = 3 then g % 6000 end,
      case when g % 4 = 3 then g end, false
    from generate_series(1, 3000) g`);
  await db.execute(sql`
    insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, futura) values
      (1, 'GPS', now() + interval '3 years', -23.6, -46.7, true), (2, 'GPS', now() - interval '7 years', -23.7, -46.8, false)`);
  await db.execute(sql`
    insert into baterias (rastreador_id, bateria, nivel_sinal, carregando, data_cadastro)
    select 1 + g % 7, g % 100, g % 31, g % 3 = 0, to_timestamp(${agora / 1000} - g * 9000.7) from generate_series(1, 1000) g`);
}

describe('the migration to monthly partitions', () => {
  it('keeps every row (count and checksum), puts each in its month, and fills the current positions', async () => {
    const antes = migracoesAntes('0015_particoes');
    const pgUrl = inject('pgUrl');
    let db: Db;
    let fechar: () => Promise<void>;
    let migrar: (pasta: string) => Promise<void>;
    if (pgUrl) {
      const nome = `rastro_migr_${process.pid}_${Date.now() % 100_000}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${nome}`);
      const u = new URL(pgUrl);
      u.pathname = `/${nome}`;
      const pool = new pg.Pool({ connectionString: u.toString(), max: 1 });
      pool.on('error', () => undefined);
      db = drizzlePg({ client: pool }) as unknown as Db;
      migrar = (p) => migratePg(drizzlePg({ client: pool }), { migrationsFolder: p });
      fechar = async () => {
        await pool.end();
        await admin.query(`drop database if exists ${nome} with (force)`);
        await admin.end();
      };
    } else {
      const cliente = new PGlite();
      db = drizzlePglite({ client: cliente }) as unknown as Db;
      migrar = (p) => migratePglite(drizzlePglite({ client: cliente }), { migrationsFolder: p });
      fechar = () => cliente.close();
    }
    try {
      await migrar(antes);
      await semear(db);
      const antesDe = await resumo(db);
      expect(antesDe.localizacoes?.n).toBe(3002);
      expect(antesDe.baterias?.n).toBe(1000);

      await migrar(pasta);
      expect(await resumo(db)).toEqual(antesDe);
      const onde = await consultar<{ particao: string; n: number }>(
        db,
        sql`select tableoid::regclass::text as particao, count(*)::int as n from localizacoes group by 1 order by 1`,
      );
      // 3,000 rows an hour apart span ~4.1 months, each kind in its months; the two far off in the defaults.
      expect(onde.find((p) => p.particao === 'localizacoes_gps_padrao')?.n).toBe(2);
      expect(onde.filter((p) => /^localizacoes_gps_\d{4}_\d{2}$/.test(p.particao)).length).toBeGreaterThanOrEqual(4);
      expect(onde.filter((p) => /^localizacoes_varreduras_\d{4}_\d{2}$/.test(p.particao)).length).toBeGreaterThanOrEqual(4);
      expect(onde.some((p) => p.particao === 'localizacoes_varreduras_padrao')).toBe(false);
      const [bat] = await consultar<{ n: number }>(db, sql`select count(*)::int as n from baterias_padrao`);
      expect(bat?.n).toBe(0);

      // The current position of each tracker and kind: the newest row with coordinates not dated ahead.
      const atuais = await consultar<{ rastreadorId: number; tipo: string; dataHora: string }>(
        db,
        sql`select rastreador_id as "rastreadorId", tipo, data_hora::text as "dataHora" from localizacoes_atuais order by 1, 2`,
      );
      const esperadas = await consultar<{ rastreadorId: number; tipo: string; dataHora: string }>(
        db,
        sql`select rastreador_id as "rastreadorId", tipo, max(data_hora)::text as "dataHora" from localizacoes
            where latitude is not null and not futura group by 1, 2 order by 1, 2`,
      );
      expect(atuais).toEqual(esperadas);
      expect(atuais.length).toBe(21);
    } finally {
      await fechar();
      rmSync(antes, { recursive: true, force: true });
    }
  });
});

describe('a device clock far off', () => {
  let app: TestApp;
  let gateway: GatewayTopin;
  let porta = 0;
  beforeAll(async () => {
    app = await criarApp();
    gateway = new GatewayTopin(app.database, app.log, {
      port: 0,
      host: '127.0.0.1',
      idleMs: 30_000,
      maxConexoesPorIp: 10,
      maxBuffer: 4096,
    });
    porta = await gateway.iniciar();
  });
  afterAll(async () => {
    await gateway.parar();
    await app.fechar();
  });

  it('years behind, lands in a default partition and never becomes the current position; years ahead, is acked and not stored', async () => {
    const ana = await criarCliente(app, 'ANA');
    const imei = '359339080210016';
    const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
    await vincular(app, ana.id, rastreadorId, 'THOR');
    const d = await conectarDispositivo(porta);
    await d.enviar(encodeLogin(imei, 1));
    await d.esperar('787801010d0a');
    const agora = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const fix = (time: Date, latitude: number) =>
      encodeGps({ type: 0x10, time, latitude, longitude: -46.65, speedKmh: 3, course: 0, satellites: 9, valid: true, buffered: false });
    for (const [time, lat] of [
      [agora, -23.561],
      [new Date(agora.getTime() + 3 * 365 * DIA), -23.7],
      [new Date(agora.getTime() - 6 * 365 * DIA), -23.8],
    ] as const) {
      const antes = d.recebido().length;
      await d.enviar(fix(time, lat));
      for (let i = 0; i < 300 && d.recebido().length === antes; i++) await new Promise((r) => setTimeout(r, 10));
    }
    d.fim();

    const linhas = await consultar<{ particao: string; futura: boolean; latitude: number }>(
      app.database.db,
      sql`select tableoid::regclass::text as particao, futura, latitude from localizacoes where rastreador_id = ${rastreadorId} order by data_hora`,
    );
    const mes = `${agora.getUTCFullYear()}_${String(agora.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(linhas).toEqual([
      { particao: 'localizacoes_gps_padrao', futura: false, latitude: -23.8 },
      { particao: `localizacoes_gps_${mes}`, futura: false, latitude: -23.561 },
    ]);
    const mapa = await app.inject({
      url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL',
      headers: bearer(ana.token),
    });
    expect(mapa.json<Marcador[]>().map((m) => [m.position.lat, m.dataHora])).toEqual([[-23.561, agora.toISOString()]]);
  });
});

describe('retention', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await criarApp();
  });
  afterAll(async () => {
    await app.fechar();
  });

  it('drops only the monthly partitions entirely older than each kind’s setting, and nothing else', async () => {
    const db = app.database.db;
    const agora = Date.now();
    // Two years of months (as if the server had been up that long), one row in the middle of each
    // (this month's no later than now: one dated ahead would be a clock's error, deleted).
    await garantirParticoes(db, { gpsDias: 800, varredurasDias: 800, bateriasDias: 800 }, agora);
    await db.execute(sql`
      insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude)
      select 9, k, least(date_trunc('month', now() - m * interval '1 month') + interval '14 days', now()), -23.5, -46.6
      from generate_series(0, 24) m, unnest(array['GPS', 'WIFI']) k`);
    await db.execute(sql`
      insert into baterias (rastreador_id, bateria, data_cadastro)
      select 9, 50, date_trunc('month', now() - m * interval '1 month') + interval '14 days' from generate_series(0, 24) m`);
    // A fix from a clock years behind waits in the default partition.
    await db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values (9, 'GPS', now() - interval '9 years', -23.5, -46.6)`,
    );
    const contar = async (tabela: string) =>
      (await consultar<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(tabela)} where rastreador_id = 9`))[0]?.n ??
      0;
    const particoes = async (pai: string) =>
      (
        await consultar<{ nome: string }>(
          db,
          sql`select c.relname as nome from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = ${pai}::regclass order by 1`,
        )
      ).map((p) => p.nome);
    const antesGps = await particoes('localizacoes_gps');

    const r = await aplicarRetencao(db, RETENCAO_PADRAO, agora);
    expect(r.aplicada).toBe(true);
    const corte = (dias: number) => agora - dias * DIA;
    const inteiraAntes = (nome: string, dias: number) => {
      const m = /_(\d{4})_(\d{2})$/.exec(nome);
      return !!m && Date.UTC(Number(m[1]), Number(m[2]), 1) <= corte(dias);
    };
    // GPS: 400 days; scans: 90; battery: 400. Only whole months past the cut go.
    const depoisGps = await particoes('localizacoes_gps');
    expect(depoisGps).toEqual(antesGps.filter((n) => !inteiraAntes(n, 400)));
    expect(r.removidas.filter((n) => n.startsWith('localizacoes_gps_'))).toEqual(antesGps.filter((n) => inteiraAntes(n, 400)));
    expect((await particoes('localizacoes_varreduras')).every((n) => n.endsWith('_padrao') || !inteiraAntes(n, 90))).toBe(true);
    expect((await particoes('localizacoes_varreduras')).filter((n) => !n.endsWith('_padrao')).length).toBeGreaterThanOrEqual(3);
    // What is kept is whole: every month not past the cut still has its row (the month holding the cut included).
    const mesesMantidos = (dias: number) =>
      Array.from({ length: 25 }, (_, m) => m).filter((m) => {
        const d = new Date(agora);
        const fim = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - m + 1, 1);
        return fim > corte(dias);
      }).length;
    const [gps] = await consultar<{ n: number }>(
      db,
      sql`select count(*)::int as n from localizacoes where rastreador_id = 9 and tipo = 'GPS'`,
    );
    expect(gps?.n).toBe(mesesMantidos(400));
    const [wifi] = await consultar<{ n: number }>(
      db,
      sql`select count(*)::int as n from localizacoes where rastreador_id = 9 and tipo = 'WIFI'`,
    );
    expect(wifi?.n).toBe(mesesMantidos(90));
    expect(await contar('baterias')).toBe(mesesMantidos(400));
    // The fix from a clock years behind is past every setting: gone from the default partition.
    expect(r.foraDoPadrao).toBe(1);
    // Run again: nothing more to drop.
    expect(await aplicarRetencao(db, RETENCAO_PADRAO, agora)).toEqual({ aplicada: true, removidas: [], foraDoPadrao: 0, futuras: 0 });
  });

  it.runIf(inject('pgUrl'))('runs on one instance at a time: another holding the lock makes it skip', async () => {
    const url = (app.database as { url?: string }).url ?? '';
    const outra = await openPostgres(url, 2);
    try {
      await garantirParticoes(app.database.db, { gpsDias: 800, varredurasDias: 800, bateriasDias: 800 });
      const antes = await consultar<{ n: number }>(app.database.db, sql`select count(*)::int as n from pg_inherits`);
      let liberar: () => void = () => undefined;
      const segurando = new Promise<void>((r) => (liberar = r));
      const dentro = outra.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${0x7261_7374})`);
        await segurando;
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(await aplicarRetencao(app.database.db, RETENCAO_PADRAO)).toEqual({
        aplicada: false,
        removidas: [],
        foraDoPadrao: 0,
        futuras: 0,
      });
      expect(await consultar<{ n: number }>(app.database.db, sql`select count(*)::int as n from pg_inherits`)).toEqual(antes);
      liberar();
      await dentro;
      expect((await aplicarRetencao(app.database.db, RETENCAO_PADRAO)).aplicada).toBe(true);
    } finally {
      await outra.close();
    }
  });

  it('deletes positions and scans dated more than a day ahead (stored before the gateway refused them), wherever they sit', async () => {
    const db = app.database.db;
    await garantirParticoes(db, RETENCAO_PADRAO);
    // As the gateway stored them before: flagged, years ahead in the default partition, days ahead in a month's.
    await db.execute(sql`
      insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, mac_address, futura) values
        (11, 'GPS', '2099-01-01T12:00:00Z', -23.5, -46.6, null, true),
        (11, 'GPS', '2255-06-01T00:00:00Z', -23.5, -46.6, null, true),
        (11, 'WIFI', '2099-01-01T12:00:00Z', null, null, 'aa:bb:cc:dd:ee:11', true),
        (11, 'GPS', now() + interval '3 days', -23.5, -46.6, null, true),
        (11, 'GPS', now() + interval '2 hours', -23.5, -46.6, null, true),
        (11, 'GPS', now() - interval '1 hour', -23.5, -46.6, null, false)`);
    const restantes = async () =>
      (
        await consultar<{ tipo: string; futura: boolean }>(
          db,
          sql`select tipo, futura from localizacoes where rastreador_id = 11 order by data_hora`,
        )
      ).map((l) => `${l.tipo}${l.futura ? ' futura' : ''}`);
    expect(await restantes()).toHaveLength(6);

    const r = await aplicarRetencao(db, RETENCAO_PADRAO);
    expect(r.futuras).toBe(4);
    // What the gateway still takes: the past, and a clock up to a day ahead (a day on, it is past).
    expect(await restantes()).toEqual(['GPS', 'GPS futura']);
    expect((await aplicarRetencao(db, RETENCAO_PADRAO)).futuras).toBe(0);
  });

  it('a month whose rows came early (a clock ahead) gets them when its partition is created', async () => {
    const db = app.database.db;
    const daqui4Meses = new Date();
    daqui4Meses.setUTCMonth(daqui4Meses.getUTCMonth() + 4, 15);
    await db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, futura) values (10, 'GPS', ${daqui4Meses.toISOString()}::timestamptz, -23.5, -46.6, true)`,
    );
    const onde = async () =>
      (await consultar<{ p: string }>(db, sql`select tableoid::regclass::text as p from localizacoes where rastreador_id = 10`))[0]?.p;
    expect(await onde()).toBe('localizacoes_gps_padrao');
    // Two months on, the server creates that month (two ahead): the row moves in.
    await garantirParticoes(db, RETENCAO_PADRAO, Date.now() + 62 * DIA);
    const mes = `${daqui4Meses.getUTCFullYear()}_${String(daqui4Meses.getUTCMonth() + 1).padStart(2, '0')}`;
    expect(await onde()).toBe(`localizacoes_gps_${mes}`);
  });
});
