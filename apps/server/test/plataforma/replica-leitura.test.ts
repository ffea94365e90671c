import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { consultar, openPostgres, type Database } from '../../src/db/client';
import type { AppInstance } from '../../src/lib/tipos';
import { ate, binPostgres } from '../apoio/falhas-apoio';
import { NIVEL_CLIENTE } from '../../src/modules/usuarios/seed';
import { seed } from '../../src/seed';
import { novoToken, sha256 } from '../../src/lib/cripto';
import { criarSessao } from '../../src/modules/auth/repository';
import { garantirParticoes, RETENCAO_PADRAO } from '../../src/modules/localizacoes/particoes';
import { inserirLocalizacoes } from '../../src/modules/localizacoes/repository';
import { idDoNivel, inserir as inserirUsuario } from '../../src/modules/usuarios/repository';
import { ADMIN, criarApp } from '../apoio/helpers';
import { portaLivre } from '../apoio/net';
import { TEST_ENV } from '../apoio/test-env';

/**
 * Issue #21, item 4: heavy reads go to a real streaming replica (scripts/pg-temp.sh replica), fall
 * back to the primary when it is stopped or lagging, and come back when it is caught up again.
 */

const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../scripts/pg-temp.sh');
const exec = promisify(execFile);
/** pg-temp.sh, without blocking the event loop (queries in flight must see the replica go). */
const pgTemp = (args: string[], env: Record<string, string> = {}) =>
  exec('bash', [script, ...args], { env: { ...process.env, ...env }, timeout: 120_000 });

const emRecuperacao = sql`select pg_is_in_recovery() as r`;
/** True when the executor answered from the replica. */
const naReplica = async (db: Parameters<typeof consultar>[0]) => (await consultar<{ r: boolean }>(db, emRecuperacao))[0]?.r;

describe('dbLeitura without a replica', () => {
  it('is the primary Db itself when DATABASE_URL_LEITURA is empty', async () => {
    const app = await criarApp({ DATABASE_URL_LEITURA: '' });
    try {
      expect(app.dbLeitura).toBe(app.db);
      expect(app.leitura.estado().estado).toBe('sem-replica');
      expect((await app.inject({ method: 'GET', url: '/metrics' })).body).not.toContain('rastro_replica_leitura');
    } finally {
      await app.fechar();
    }
  });

  it.runIf(!inject('pgUrl'))('is ignored on PGlite, with a warning', async () => {
    const linhas: string[] = [];
    const app = await criarApp({ DATABASE_URL_LEITURA: 'postgres://postgres@127.0.0.1:9/rastro' }, (l) => linhas.push(l));
    try {
      expect(app.dbLeitura).toBe(app.db);
      expect(linhas.join('')).toContain('DATABASE_URL_LEITURA ignorada');
    } finally {
      await app.fechar();
    }
  });
});

// The CI's PostgreSQL pass (TEST_DATABASE_URL_LEITURA): every test app reads from the run's replica.
it.runIf(inject('pgUrlLeitura'))('a test app of the replicated run reads from its database on the replica', async () => {
  const app = await criarApp();
  try {
    await ate('a réplica em uso', async () => ((await naReplica(app.dbLeitura)) ? true : undefined), 30_000, 100);
    expect(await naReplica(app.db)).toBe(false);
    const [r] = await consultar<{ banco: string }>(app.dbLeitura, sql`select current_database() as banco`);
    expect(r?.banco).toBe(app.database.url ? new URL(app.database.url).pathname.slice(1) : undefined);
  } finally {
    await app.fechar();
  }
});

/** Waits until the replica at `urlLeitura` has replayed everything written on the primary so far. */
async function emDiaComOPrimario(database: Database, urlLeitura: string) {
  const [primario] = await consultar<{ lsn: string }>(database.db, sql`select pg_current_wal_lsn()::text as lsn`);
  const replica = new pg.Client({ connectionString: urlLeitura });
  await replica.connect();
  try {
    await ate(
      'a réplica em dia com o primário',
      async () => {
        const r = await replica.query<{ ok: boolean | null }>('select pg_last_wal_replay_lsn() >= $1::pg_lsn as ok', [primario?.lsn]);
        return r.rows[0]?.ok ? true : undefined;
      },
      60_000,
      50,
    );
  } finally {
    await replica.end();
  }
}

describe.runIf(binPostgres())('dbLeitura with a streaming replica', () => {
  let dirs: string[] = [];
  let dirLeitura = '';
  let urlLeitura = '';
  let database: Database | undefined;
  let app: AppInstance | undefined;
  let direto: pg.Client | undefined;
  const linhas: string[] = [];
  const logs = (trecho: string) => linhas.filter((l) => l.includes(trecho)).length;
  const dbLeitura = () => {
    if (!app) throw new Error('app não iniciada');
    return app.dbLeitura;
  };

  beforeAll(async () => {
    const porta = await portaLivre();
    let portaLeitura = await portaLivre();
    while (portaLeitura === porta) portaLeitura = await portaLivre();
    const { stdout } = await pgTemp(['replica'], { PGPORT: String(porta), PGPORT_LEITURA: String(portaLeitura) });
    const valor = (nome: string) => {
      const v = new RegExp(`^${nome}=(.+)$`, 'm').exec(stdout)?.[1];
      if (!v) throw new Error(`pg-temp.sh replica não informou ${nome}: ${stdout}`);
      return v;
    };
    // The replica first: stopping the primary first would leave it retrying.
    dirs = [valor('PGDIR_LEITURA'), valor('PGDIR')];
    dirLeitura = valor('PGDIR_LEITURA');
    urlLeitura = valor('DATABASE_URL_LEITURA');
    database = await openPostgres(valor('DATABASE_URL'), 4);
    await database.migrate();
    await database.db.execute(sql`create table replica_teste (id int primary key)`);
    // The tests start once the replica has replayed the migrations and the table: before, a read
    // routed to a replica still behind its first WAL failed with "relation does not exist".
    await emDiaComOPrimario(database, urlLeitura);
    const config = loadConfig({
      ...TEST_ENV,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-data-')),
      DATABASE_URL_LEITURA: urlLeitura,
      REPLICA_ATRASO_MAX_SEGUNDOS: '2',
    });
    app = await buildApp({ config, database, logger: { level: 'info', stream: { write: (l: string) => linhas.push(l) } } });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await direto?.end().catch(() => undefined);
    await app?.close();
    await database?.close();
    if (dirs.length) await pgTemp(['stop', ...dirs]);
  });

  it('reads from the replica: raw SQL, drizzle and a read-only transaction', async () => {
    if (!app) throw new Error('app não iniciada');
    expect(app.leitura.estado().estado).toBe('ativa');
    expect(logs('réplica de leitura em uso')).toBe(1);
    expect(await naReplica(app.dbLeitura)).toBe(true);
    expect(await naReplica(app.db)).toBe(false);
    const viaDrizzle = (await app.dbLeitura.execute(emRecuperacao)) as unknown as { rows: { r: boolean }[] };
    expect(viaDrizzle.rows[0]?.r).toBe(true);
    expect(await app.dbLeitura.transaction((tx) => naReplica(tx))).toBe(true);
    const metricas = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metricas).toMatch(/^rastro_replica_leitura_em_uso 1$/m);
    expect(metricas).toMatch(/^rastro_replica_leitura_atraso_segundos \d/m);
  });

  it('sees a row written on the primary', async () => {
    if (!app) throw new Error('app não iniciada');
    await app.db.execute(sql`insert into replica_teste values (1)`);
    const visto = await ate(
      'a linha na réplica',
      async () => (await consultar<{ id: number }>(dbLeitura(), sql`select id from replica_teste where id = 1`)).length || undefined,
      10_000,
      20,
    );
    expect(visto).toBe(1);
    expect(await naReplica(dbLeitura())).toBe(true);
  });

  it('falls back to the primary when the replica stops, even for a query in flight, and comes back after it restarts', async () => {
    if (!app) throw new Error('app não iniciada');
    // Still running on the replica when it goes down: answered by the primary instead.
    const emVoo = consultar<{ r: boolean }>(dbLeitura(), sql`select pg_sleep(1.5), pg_is_in_recovery() as r`);
    await new Promise((r) => setTimeout(r, 300));
    await pgTemp(['pause', dirLeitura]);
    expect((await emVoo)[0]?.r).toBe(false);
    // Every read keeps answering, from the primary, with the newest rows.
    await app.db.execute(sql`insert into replica_teste values (2)`);
    for (let i = 0; i < 20; i++) {
      expect(await naReplica(dbLeitura())).toBe(false);
      expect(await consultar(dbLeitura(), sql`select id from replica_teste where id = 2`)).toHaveLength(1);
    }
    expect(app.leitura.estado().estado).toBe('indisponivel');
    expect(logs('réplica de leitura indisponível: lendo do primário')).toBe(1);
    expect((await app.inject({ method: 'GET', url: '/metrics' })).body).toMatch(/^rastro_replica_leitura_em_uso 0$/m);

    await pgTemp(['resume', dirLeitura]);
    await ate('leituras de volta na réplica', async () => ((await naReplica(dbLeitura())) ? true : undefined), 30_000, 100);
    expect(logs('réplica de leitura em uso')).toBe(2);
    // It caught up with what was written while it was down.
    expect(await consultar(dbLeitura(), sql`select id from replica_teste where id = 2`)).toHaveLength(1);
  }, 60_000);

  it('is not used while it lags past REPLICA_ATRASO_MAX_SEGUNDOS, and is again once it catches up', async () => {
    if (!app) throw new Error('app não iniciada');
    direto = new pg.Client({ connectionString: urlLeitura });
    await direto.connect();
    await direto.query('select pg_wal_replay_pause()');
    try {
      await app.db.execute(sql`insert into replica_teste values (3)`);
      await ate('a réplica tida como atrasada', () => (app?.leitura.estado().estado === 'atrasada' ? true : undefined), 30_000, 100);
      expect(logs('réplica de leitura atrasada além do limite: lendo do primário')).toBe(1);
      // Reads see the row the paused replica does not have.
      expect(await naReplica(dbLeitura())).toBe(false);
      expect(await consultar(dbLeitura(), sql`select id from replica_teste where id = 3`)).toHaveLength(1);
      expect((await direto.query('select id from replica_teste where id = 3')).rows).toHaveLength(0);
    } finally {
      await direto.query('select pg_wal_replay_resume()');
    }
    await ate('leituras de volta na réplica', async () => ((await naReplica(dbLeitura())) ? true : undefined), 30_000, 100);
    expect(await consultar(dbLeitura(), sql`select id from replica_teste where id = 3`)).toHaveLength(1);
  }, 60_000);
  it('the history and the detail tables read the replica; the map’s current position the primary', async () => {
    if (!database) throw new Error('banco não iniciado');
    const db = database.db;
    await garantirParticoes(db, RETENCAO_PADRAO);
    await seed(db, { email: ADMIN.email, password: ADMIN.senha });
    const nivelId = (await idDoNivel(db, NIVEL_CLIENTE)) ?? 0;
    const dona = await inserirUsuario(db, { nome: 'ANA', email: 'ana.replica@rastro.test', senhaHash: 'x', nivelId });
    const token = novoToken();
    await criarSessao(db, dona.id, sha256(token), new Date(Date.now() + 3_600_000));
    const [r] = await consultar<{ id: number }>(
      db,
      sql`insert into rastreadores (imei, protocolo, situacao) values ('359339080299990', 'TOPIN', 'ATIVO') returning id`,
    );
    const [v] = await consultar<{ id: number }>(
      db,
      sql`insert into usuario_rastreadores (usuario_id, rastreador_id, descricao) values (${dona.id}, ${r?.id ?? 0}, 'THOR') returning id`,
    );
    const rastreadorId = r?.id ?? 0;
    const posicao = (minutos: number, latitude: number) =>
      inserirLocalizacoes(db, [
        { rastreadorId, tipo: 'GPS', dataHora: new Date(Date.now() - minutos * 60_000), latitude, longitude: -46.6 },
      ]);
    // An app that tolerates 30 s of lag, so the paused replica below stays in use.
    const tolerante = await buildApp({
      config: loadConfig({
        ...TEST_ENV,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-data-')),
        DATABASE_URL_LEITURA: urlLeitura,
        REPLICA_ATRASO_MAX_SEGUNDOS: '30',
      }),
      database,
      logger: false,
    });
    const pausa = new pg.Client({ connectionString: urlLeitura });
    await pausa.connect();
    try {
      await tolerante.ready();
      const h = { authorization: `Bearer ${token}` };
      const de = new Date(Date.now() - 3_600_000).toISOString();
      const historico = async () =>
        (
          await tolerante.inject({
            url: `/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=HISTORICO&usuarioRastreadorId=${v?.id ?? 0}&dataInicial=${de}&dataFinal=${new Date(Date.now() + 60_000).toISOString()}`,
            headers: h,
          })
        ).json<{ position: { lat: number } }[]>();
      const tabela = async () =>
        (await tolerante.inject({ url: `/api/localizacoes?rastreadorId=${rastreadorId}&page=0&size=10`, headers: h })).json<{
          content: unknown[];
        }>().content.length;
      await posicao(10, -23.51);
      await ate('a primeira posição na réplica', async () => ((await historico()).length === 1 ? true : undefined), 30_000, 50);
      await ate('a réplica em uso', async () => (tolerante.leitura.estado().estado === 'ativa' ? true : undefined), 30_000, 50);

      await pausa.query('select pg_wal_replay_pause()');
      await posicao(1, -23.52);
      // The map's current position is the primary's: the new fix at once.
      const atual = (
        await tolerante.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: h })
      ).json<{ position: { lat: number } }[]>();
      expect(atual.map((m) => m.position.lat)).toEqual([-23.52]);
      // The history and the table of positions come from the paused replica: not yet.
      expect((await historico()).map((m) => m.position.lat)).toEqual([-23.51]);
      expect(await tabela()).toBe(1);
      expect(tolerante.leitura.estado().estado).toBe('ativa');

      await pausa.query('select pg_wal_replay_resume()');
      await ate('a réplica em dia', async () => ((await historico()).length === 2 ? true : undefined), 30_000, 50);
      expect(await tabela()).toBe(2);
    } finally {
      await pausa.query('select pg_wal_replay_resume()').catch(() => undefined);
      await pausa.end();
      await tolerante.close();
    }
  }, 60_000);
  it('REPLICA_LEITURA_CAUSAL: a read sees every write committed before it, from the replica once it has it, else the primary', async () => {
    if (!database) throw new Error('banco não iniciado');
    const causal = await buildApp({
      config: loadConfig({
        ...TEST_ENV,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-data-')),
        DATABASE_URL_LEITURA: urlLeitura,
        REPLICA_ATRASO_MAX_SEGUNDOS: '30',
        REPLICA_LEITURA_CAUSAL: 'true',
      }),
      database,
      logger: false,
    });
    const pausa = new pg.Client({ connectionString: urlLeitura });
    await pausa.connect();
    const ler = (id: number) =>
      consultar<{ r: boolean }>(causal.dbLeitura, sql`select pg_is_in_recovery() as r from replica_teste where id = ${id}`);
    try {
      await causal.ready();
      await ate('a réplica em uso', async () => (causal.leitura.estado().estado === 'ativa' ? true : undefined), 30_000, 50);
      // Written, then read at once: the replica waits to have it and answers.
      await database.db.execute(sql`insert into replica_teste values (10)`);
      expect(await ler(10)).toEqual([{ r: true }]);
      // A replica that cannot catch up (replay paused): the primary answers, with the row.
      await pausa.query('select pg_wal_replay_pause()');
      await database.db.execute(sql`insert into replica_teste values (11)`);
      expect(await ler(11)).toEqual([{ r: false }]);
    } finally {
      await pausa.query('select pg_wal_replay_resume()').catch(() => undefined);
      await pausa.end();
      await causal.close();
    }
  }, 60_000);
});
