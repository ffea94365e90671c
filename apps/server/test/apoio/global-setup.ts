import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/db/client';
import { seed } from '../../src/seed';
import { garantirParticoes, RETENCAO_PADRAO } from '../../src/modules/localizacoes/particoes';
import { ADMIN } from './test-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dump of the migrated, seeded template. */
    pgliteTemplate?: string;
    /** PostgreSQL: server URL and the name of the template database. */
    pgUrl?: string;
    pgTemplate?: string;
    /** PostgreSQL with a streaming replica of pgUrl's server (TEST_DATABASE_URL_LEITURA). */
    pgUrlLeitura?: string;
  }
}

/**
 * Builds one migrated and seeded database per run; each test file then starts from a copy
 * (PGlite: a data-dir dump; PostgreSQL: CREATE DATABASE … TEMPLATE).
 * TEST_DATABASE_URL (a URL to any database of the server, e.g. postgres://…/postgres) selects PostgreSQL;
 * TEST_DATABASE_URL_LEITURA, a streaming replica of that server, gives every app a read replica.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `rastro_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const u = new URL(url);
    u.pathname = `/${template}`;
    const db = await openPostgres(u.toString(), 2);
    await db.migrate();
    await garantirParticoes(db.db, RETENCAO_PADRAO);
    await seed(db.db, { email: ADMIN.email, password: ADMIN.senha });
    await db.close();
    project.provide('pgUrl', url);
    project.provide('pgTemplate', template);
    if (process.env.TEST_DATABASE_URL_LEITURA) project.provide('pgUrlLeitura', process.env.TEST_DATABASE_URL_LEITURA);
    return async () => {
      await admin.query(`drop database if exists ${template} with (force)`).catch(() => undefined);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'rastro-tpl-'));
  const db = await openPglite();
  await db.migrate();
  await garantirParticoes(db.db, RETENCAO_PADRAO);
  await seed(db.db, { email: ADMIN.email, password: ADMIN.senha });
  const dump = await db.dump?.();
  if (!dump) throw new Error('PGlite dump indisponível');
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
