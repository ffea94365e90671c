import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { portaLivre } from '../apoio/net';
import { iniciar, processoDoServidor } from '../apoio/processo';

describe('starting up', () => {
  it('a second process on the same PGlite DATA_DIR is refused with a clear message; the first keeps serving', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-partida-'));
    const porta1 = await portaLivre();
    const primeiro = await iniciar(dataDir, porta1, { ADMIN_PASSWORD: 'senha-de-teste-123' });
    try {
      const segundo = processoDoServidor(await portaLivre(), { DATA_DIR: dataDir, ADMIN_PASSWORD: 'senha-de-teste-123' });
      try {
        const fim = await Promise.race([segundo.saiu, new Promise<'continuou'>((r) => setTimeout(() => r('continuou'), 30_000))]);
        expect(fim).not.toBe('continuou');
        expect(fim).not.toBe(0);
        expect(segundo.saida()).toContain('já está em uso pelo processo');
      } finally {
        await segundo.parar();
      }
      expect((await fetch(`http://127.0.0.1:${porta1}/health`)).status).toBe(200);
    } finally {
      expect(await primeiro.parar()).toBe(0);
    }
    // Stopped cleanly, the directory is free again.
    const depois = await iniciar(dataDir, await portaLivre(), { ADMIN_PASSWORD: 'senha-de-teste-123' });
    expect(await depois.parar()).toBe(0);
  }, 120_000);

  it('two instances booting together on an empty PostgreSQL database both come up, with one administrator', async (ctx) => {
    const pgUrl = inject('pgUrl');
    if (!pgUrl) {
      ctx.skip();
      return;
    }
    const nome = `rastro_t_vazio_${Date.now()}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${nome}`);
    const u = new URL(pgUrl);
    u.pathname = `/${nome}`;
    const env = { DATABASE_URL: u.toString(), ADMIN_PASSWORD: 'senha-de-teste-123' };
    const instancias = [
      processoDoServidor(await portaLivre(), { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-a-')) }),
      processoDoServidor(await portaLivre(), { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rastro-b-')) }),
    ];
    try {
      await Promise.all(instancias.map((i) => i.pronto()));
      const banco = new pg.Client({ connectionString: u.toString() });
      await banco.connect();
      const { rows } = await banco.query<{ n: number }>(`select count(*)::int as n from usuarios`);
      await banco.end();
      expect(rows[0]?.n).toBe(1);
    } finally {
      for (const i of instancias) await i.parar();
      await admin.query(`drop database if exists ${nome} with (force)`).catch(() => undefined);
      await admin.end();
    }
  }, 120_000);
});
