import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@rastro/shared/messages';
import { shutdown } from '@rastro/topin/server-to-device/encode';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apagarCluster,
  api,
  ate,
  binPostgres,
  DispositivoEmFluxo,
  entrarHttp,
  horariosGps,
  iniciarCluster,
  iniciarServidor,
  pararPostgres,
  pausa,
  registrarPorHttp,
  religarPostgres,
  saude,
  type Cluster,
  type ServidorFilho,
} from '../apoio/falhas-apoio';
import { portaLivre } from '../apoio/net';

/**
 * Issue #6, fault 2: PostgreSQL goes down and comes back while the server is under load (HTTP
 * and devices). The server process stays up, /health says so during the outage, and everything
 * works again afterwards without restarting the server.
 */

let cluster: Cluster | undefined;
let servidor: ServidorFilho | undefined;
const dispositivos: DispositivoEmFluxo[] = [];
let dataDir: string | undefined;
afterAll(async () => {
  for (const d of dispositivos) d.fim();
  await servidor?.matar();
  apagarCluster(cluster);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

interface Resposta {
  status: number;
  texto: string;
}

describe.skipIf(!binPostgres())('PostgreSQL restarted under load', () => {
  it('keeps the server up, reports the outage on /health, and recovers without a restart', async () => {
    cluster = iniciarCluster(await portaLivre());
    dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-falha-pg-'));
    const portas = { porta: await portaLivre(), portaTopin: await portaLivre() };
    const s = await iniciarServidor({ DATA_DIR: dataDir, DATABASE_URL: cluster.url, RATE_LIMIT_MAX: '1000000' }, portas);
    servidor = s;
    const h = await entrarHttp(s.url);

    const base = 359_339_082_000_000 + (process.pid % 1000) * 10;
    const frota: { d: DispositivoEmFluxo; id: number }[] = [];
    for (let i = 0; i < 2; i++) {
      const imei = String(base + i);
      const id = await registrarPorHttp(s.url, h, imei);
      const d = new DispositivoEmFluxo(imei, Date.UTC(2026, 1, 1 + i, 9, 0, 0), 4);
      dispositivos.push(d);
      await d.conectar(portas.portaTopin);
      frota.push({ d, id });
    }

    // Load: HTTP readers and streaming devices, for the whole test.
    const respostas: Resposta[] = [];
    let carregando = true;
    const trabalhadores = Array.from({ length: 3 }, async () => {
      while (carregando) {
        try {
          const r = await api(s.url, 'GET', '/api/rastreadores?size=5', h);
          respostas.push({ status: r.status, texto: r.texto });
        } catch (err) {
          respostas.push({ status: 0, texto: String(err) });
        }
        await pausa(25);
      }
    });
    for (const { d } of frota) d.transmitir();
    await ate('carga antes da queda', () =>
      respostas.filter((r) => r.status === 200).length >= 10 && frota.every(({ d }) => d.confirmados.size >= 5) ? true : undefined,
    );

    // Outage.
    pararPostgres(cluster);
    const fora = await ate('/health indisponível', async () => {
      if (!s.vivo()) throw new Error(`o servidor saiu durante a queda:\n${s.saida()}`);
      const r = await saude(s.url);
      return r?.status === 503 ? r : undefined;
    }).catch((err: unknown) => {
      throw new Error(`${String(err)}\nvivo=${s.vivo()}\n${s.saida().slice(-4000)}`);
    });
    expect(fora.corpo).toEqual({ status: 'indisponivel', database: false });
    // The API answers (does not hang) with the pt-BR 5xx shape, no internals.
    const durante = await api(s.url, 'GET', '/api/rastreadores?size=5', h);
    expect(durante.status).toBe(500);
    expect(durante.json).toEqual({ status: 500, message: MSG.erroInterno });
    // A device's fix is not acknowledged while nothing can be stored.
    const [primeiro] = frota;
    if (!primeiro) throw new Error('frota vazia');
    await expect(primeiro.d.enviarUm(1500)).rejects.toThrow(/tempo esgotado/);
    expect(s.vivo()).toBe(true);

    // Back.
    religarPostgres(cluster);
    const volta = await ate(
      '/health de volta',
      async () => {
        const r = await saude(s.url);
        return r?.status === 200 ? r : undefined;
      },
      60_000,
    );
    expect(volta.corpo).toEqual({ status: 'ok', database: true });
    expect(s.vivo()).toBe(true);
    // A command for a connected device, as soon as the database answers: its NOTIFY may come
    // before the server's listening connection is re-made.
    const desligar = await ate('PUT desligar após a volta', async () => {
      const r = await api(s.url, 'PUT', `/api/rastreadores/desligar/${primeiro.id}`, h);
      return r.status === 200 ? r : undefined;
    });
    expect(desligar.json).toEqual({ message: MSG.desligandoRastreador });

    // Reads and writes work again on the same process.
    await ate('GET 200 após a volta', async () =>
      (await api(s.url, 'GET', '/api/rastreadores?size=5', h)).status === 200 ? true : undefined,
    );
    const chip = await api(s.url, 'POST', '/api/chips', h, { descricao: 'DEPOIS DA QUEDA', numero: '11944443333' });
    expect(chip.status).toBe(201);
    // The device connections survived the outage: a new fix on each is acknowledged and stored.
    for (const { d, id } of frota) {
      const t = await d.enviarUm(30_000);
      expect(await horariosGps(s.url, h, id)).toContain(t);
    }
    // The command queued at once (maybe before the server's LISTEN connection is back) reached
    // the connected device.
    await ate('comando de desligar no dispositivo', () => (primeiro.d.recebeu(shutdown()) ? true : undefined), 30_000, 50);

    carregando = false;
    await Promise.all(trabalhadores);
    for (const { d } of frota) d.pararDeTransmitir();

    // Under load the whole time: every answer was a success or the pt-BR 5xx; nothing dropped.
    const estranhas = respostas.filter(
      (r) => r.status !== 200 && !(r.status >= 500 && r.texto === JSON.stringify({ status: r.status, message: MSG.erroInterno })),
    );
    expect(estranhas).toEqual([]);
    expect(respostas.filter((r) => r.status === 200).length).toBeGreaterThan(10);
    // Every fix acknowledged before, during and after the outage is stored.
    for (const { d, id } of frota) {
      const gravados = new Set(await horariosGps(s.url, h, id));
      expect([...d.confirmados].filter((t) => !gravados.has(t))).toEqual([]);
    }
    console.info(
      `[falhas/postgres] respostas=${respostas.length} (5xx=${respostas.filter((r) => r.status >= 500).length}) ` +
        `acks=${frota.map(({ d }) => d.confirmados.size).join('+')}`,
    );

    expect(s.vivo()).toBe(true);
    expect(await s.parar()).toBe(0);
  }, 120_000);
});
