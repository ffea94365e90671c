import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { EventoSocket } from '@rastro/shared/schemas/mapa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, entrar, novoBanco, type TestApp } from '../apoio/helpers';
import { TEST_ENV } from '../apoio/test-env';
import { abrirTela, ate } from '../apoio/socket-ao-vivo';
import { consultar } from '../../src/db/client';
import { CANAL_EVENTOS } from '../../src/lib/canais';
import { inserirLocalizacoes } from '../../src/modules/localizacoes/repository';
import { rastreadoresDosUsuarios } from '../../src/modules/meus-rastreadores/repository';

/**
 * The live channel after its LISTEN connection comes back (PostgreSQL restarted): whatever was
 * notified meanwhile reached nobody, so every socket gets its owner's current state. The reconnect
 * itself is PostgreSQL's (falhas-postgres.test.ts restarts it); here the database's reconnect
 * callbacks are called by hand, on either database, after a change that sent no notification.
 */
let app: TestApp;
const reconectar: (() => void)[] = [];
let porta = 0;

beforeAll(async () => {
  const database = await novoBanco();
  const ouvir = database.listen.bind(database);
  database.listen = (canal, fn, aoReconectar) => {
    if (aoReconectar) reconectar.push(aoReconectar);
    return ouvir(canal, fn, aoReconectar);
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-data-'));
  const servidor = await buildApp({ config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }), database, logger: false });
  await servidor.listen({ port: 0, host: '127.0.0.1' });
  porta = (servidor.server.address() as AddressInfo).port;
  app = Object.assign(servidor, {
    database,
    dataDir,
    async fechar() {
      await servidor.close();
      await database.close();
    },
  });
});
afterAll(async () => {
  await app.fechar();
});

const quando = (s: number) => new Date(Date.UTC(2026, 10, 22, 15, 0, s)).toISOString();

describe('live channel after a LISTEN reconnect', () => {
  it('pushes the current positions to every socket, including what changed unnoticed', async () => {
    const admin = bearer(await entrar(app));
    const ana = await criarCliente(app, 'ANA');
    const imei = '359339080000888';
    const rastreador = await registrarRastreador(app, admin, imei);
    const vinculo = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: bearer(ana.token),
      payload: { imei, descricao: 'PIPOCA', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    });
    expect(vinculo.statusCode, vinculo.body).toBe(201);
    // As another instance's gateway stores a position (its NOTIFY never reaches this one).
    const gravar = (s: number) =>
      inserirLocalizacoes(app.database.db, [
        { rastreadorId: rastreador, tipo: 'GPS', dataHora: new Date(quando(s)), latitude: -23.55, longitude: -46.63 },
      ]);
    await gravar(1);

    const ws = new WebSocket(`ws://127.0.0.1:${porta}/api/socket`);
    const eventos: EventoSocket[] = [];
    ws.on('message', (d: Buffer) => {
      const v = JSON.parse(d.toString()) as unknown;
      if (typeof v === 'object' && v !== null && 'posicoes' in v) eventos.push(v as EventoSocket);
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.send(JSON.stringify({ token: ana.token }));
    await new Promise((r) => setTimeout(r, 200));

    // Written without the gateway's NOTIFY, as if it had been sent while nobody listened.
    await gravar(2);
    await new Promise((r) => setTimeout(r, 300));
    const comAPosicao = () => eventos.find((e) => e.posicoes.some((p) => p.dataHora === quando(2)));
    expect(comAPosicao()).toBeUndefined();

    expect(reconectar.length).toBeGreaterThan(0);
    for (const f of reconectar) f();
    const fim = Date.now() + 5000;
    while (!comAPosicao() && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
    const e = comAPosicao();
    expect(e?.posicoes).toEqual([
      expect.objectContaining({ usuarioRastreadorId: vinculo.json<{ id: number }>().id, name: 'PIPOCA', dataHora: quando(2) }),
    ]);
    expect(e?.rastreadores.map((r) => r.descricao)).toEqual(['PIPOCA']);
    ws.close();
  });

  it('finds the trackers of more watchers than a statement has parameters (PostgreSQL allows 65,535)', async () => {
    const admin = bearer(await entrar(app));
    const bia = await criarCliente(app, 'BIA');
    const rastreador = await registrarRastreador(app, admin, '359339080000889');
    await vincular(app, bia.id, rastreador);
    // Bia among 70,000 users with a socket on one instance (the others have no tracker).
    const usuarios = [...Array.from({ length: 69_999 }, (_, i) => 1_000_000 + i), bia.id];
    expect((await rastreadoresDosUsuarios(app.database.db, usuarios)).map((l) => l.rastreadorId)).toEqual([rastreador]);
  });
});

/** A screen of this user's on /api/socket; resolves once the hub holds it (it has read what the screen saw). */
const tela = (token: string) => abrirTela(app, porta, JSON.stringify({ token }));

async function notificar(usuarioId: number, n: number, texto: string) {
  const linhas = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into notificacoes (usuario_id, descricao) select ${usuarioId}, ${texto} || ' ' || g from generate_series(1, ${n}) g returning id::float8 as id`,
  );
  return linhas.map((l) => l.id).sort((a, b) => a - b);
}

describe('notifications told to many owners at once (one alarm, thousands of owners)', () => {
  it('each socket gets its own owner’s new notifications past what it saw, at most 500, and their unread count', async () => {
    const [ana, bia, caio, edu, fabi] = [
      await criarCliente(app, 'ANA'),
      await criarCliente(app, 'BIA'),
      await criarCliente(app, 'CAIO'),
      await criarCliente(app, 'EDU'),
      await criarCliente(app, 'FABI'),
    ];
    // Ana's first screen saw nothing yet; her second opened after her first notification.
    const ana1 = await tela(ana.token);
    const [a1] = await notificar(ana.id, 1, 'ANA');
    const ana2 = await tela(ana.token);
    const [c1] = await notificar(caio.id, 1, 'CAIO');
    const daBia = await tela(bia.token);
    const doCaio = await tela(caio.token);
    const doEdu = await tela(edu.token);
    const daFabi = await tela(fabi.token);
    const deAna = [a1, ...(await notificar(ana.id, 2, 'ANA'))];
    // A repeated alarm Ana has not seen yet: its text says how many and the newest's time (Brasília).
    await app.database.db.execute(
      sql`update notificacoes set contagem = 2, ultima_em = '2026-11-22 15:04:00+00' where id = ${deAna[2] ?? 0}`,
    );
    const deBia = await notificar(bia.id, 600, 'BIA');
    // Caio's alarm repeated: counted into the notification his screen already has (docs/adr/0017).
    await app.database.db.execute(sql`update notificacoes set contagem = 3, ultima_em = now() where id = ${c1}`);
    for (const s of [ana1, ana2, daBia, doCaio, doEdu, daFabi]) expect(s.eventos).toEqual([]);

    await app.database.notify(CANAL_EVENTOS, JSON.stringify({ u: [ana.id, bia.id, caio.id, edu.id] }));
    // Each told socket gets one event, and only one.
    const unico = async (s: { eventos: EventoSocket[] }) => {
      const e = await ate(() => s.eventos[0]);
      expect(s.eventos).toHaveLength(1);
      return e;
    };
    const ids = (e: EventoSocket | undefined) => e?.notificacoes.map((n) => n.id);
    const e1 = await unico(ana1);
    expect(ids(e1)).toEqual(deAna);
    expect(e1?.notificacoes.map((n) => n.descricao)).toEqual(['ANA 1', 'ANA 1', 'ANA 2 (2×) — última às 12:04.']);
    expect(e1?.naoLidas).toBe(3);
    const e2 = await unico(ana2);
    expect(ids(e2)).toEqual(deAna.slice(1));
    expect(e2?.naoLidas).toBe(3);
    // The oldest 500 of Bia's 600 (the list has the rest); the count says all of them.
    const eb = await unico(daBia);
    expect(ids(eb)).toEqual(deBia.slice(0, 500));
    expect(eb?.naoLidas).toBe(600);
    const ec = await unico(doCaio);
    expect(ec).toMatchObject({ notificacoes: [], notificacoesAtualizadas: true, naoLidas: 1 });
    const ee = await unico(doEdu);
    expect(ee).toMatchObject({ notificacoes: [], notificacoesAtualizadas: true, naoLidas: 0 });
    await new Promise((r) => setTimeout(r, 300));
    expect(daFabi.eventos).toEqual([]);
    for (const s of [ana1, ana2, daBia, doCaio, doEdu, daFabi]) s.ws.close();
  });
});
