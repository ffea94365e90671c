import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { consultar } from '../../src/db/client';
import { EntregadorPush, type OpcoesEntregador } from '../../src/modules/push/entregador';
import { criarApp, type TestApp } from '../apoio/helpers';
import { criarCliente } from '../apoio/fixtures';
import { iniciarReceptorPush, type ReceptorPush } from '@rastro/testes/push-receptor';

/**
 * What a push service can hold of the sender: its sockets. Each test runs a sender of its own on
 * the app's database (the app's own one polls once an hour and is never woken: these messages are
 * queued straight into push_fila, without the NOTIFY of a notification) against a push service on
 * loopback, and looks at what the push service saw and at what is left in the queue.
 */
let app: TestApp;
let receptor: ReceptorPush;
let usuarioId = 0;
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@rastro.test' };

beforeAll(async () => {
  app = await criarApp({ PUSH_PERMITIR_HTTP: 'true', PUSH_POLL_MS: '3600000' });
  receptor = await iniciarReceptorPush();
  usuarioId = (await criarCliente(app, 'DONA DOS TESTES')).id;
});
afterAll(async () => {
  await app.fechar();
  await receptor.fechar();
});

function entregador(opcoes: Partial<OpcoesEntregador> = {}) {
  return new EntregadorPush(
    app.db,
    { vapid, permitirHttp: true, pollMs: 3_600_000, maxTentativas: 12, esperaBaseMs: 60_000, ttlSegundos: 60, ...opcoes },
    app.log,
  );
}

/** A message queued for a browser subscribed at `endpoint`; returns the queue row's id. */
async function enfileirar(endpoint: string) {
  const { keys } = receptor.novaInscricao();
  const [inscricao] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into push_inscricoes (usuario_id, endpoint, p256dh, auth) values (${usuarioId}, ${endpoint}, ${keys.p256dh}, ${keys.auth})
        returning id`,
  );
  const [fila] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into push_fila (inscricao_id, payload) values (${inscricao?.id ?? 0}, '{"titulo":"THOR","corpo":"Alerta"}') returning id`,
  );
  return fila?.id ?? 0;
}

async function linha(id: number) {
  const [r] = await consultar<{ tentativas: number; ultimo_erro: string | null; adiada: boolean }>(
    app.database.db,
    sql`select tentativas, ultimo_erro, proxima_tentativa > now() as adiada from push_fila where id = ${id}`,
  );
  return r;
}

/** Waits (up to `ms`) until `condicao` holds; the tests then assert the outcome itself. */
async function ate(condicao: () => boolean | Promise<boolean>, ms = 20_000) {
  for (const fim = Date.now() + ms; Date.now() < fim && !(await condicao()); ) await new Promise((r) => setTimeout(r, 50));
}

/** A push service on loopback answering with `tratar`; counts its connections, open and at most at once. */
async function servico(tratar: (req: IncomingMessage, res: ServerResponse) => void) {
  const estado = { conexoes: 0, abertas: 0, maxAbertas: 0, fechadas: 0, pedidos: 0 };
  const server: Server = createServer((req, res) => {
    estado.pedidos++;
    req.resume();
    req.once('end', () => tratar(req, res));
  });
  // As real push services do: a connection is kept open between requests for a while.
  server.keepAliveTimeout = 60_000;
  server.on('connection', (s) => {
    estado.conexoes++;
    estado.abertas++;
    estado.maxAbertas = Math.max(estado.maxAbertas, estado.abertas);
    s.once('close', () => {
      estado.abertas--;
      estado.fechadas++;
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origem = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    estado,
    origem,
    async fechar() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('EntregadorPush and a push service that holds on', () => {
  it('a 201 whose body trickles is cut at the deadline: the socket is closed and the message is retried later, not delivered', async () => {
    const pingos: NodeJS.Timeout[] = [];
    const s = await servico((_req, res) => {
      res.writeHead(201, { 'content-type': 'text/plain' });
      pingos.push(setInterval(() => res.write('a'), 100));
    });
    const e = entregador({ prazoMs: 1500 });
    const entregues: number[] = [];
    e.aoEntregar = (envio) => entregues.push(envio.id);
    try {
      const id = await enfileirar(`${s.origem}/push/gotas`);
      expect(await e.rodada()).toBe(1);
      await ate(async () => s.estado.fechadas > 0 && Boolean((await linha(id))?.ultimo_erro));
      // The sender closed the socket (the push service never ends its answer).
      expect(s.estado).toMatchObject({ pedidos: 1, fechadas: 1, abertas: 0 });
      expect(await linha(id)).toEqual({ tentativas: 1, ultimo_erro: 'sem resposta do serviço de push a tempo', adiada: true });
      expect(entregues).toEqual([]);
    } finally {
      for (const p of pingos) clearInterval(p);
      await e.parar();
      await s.fechar();
    }
  });

  it('a 201 with an endless body is read for a few KiB, then its socket is closed; the message counts as delivered', async () => {
    // 16 KiB at once, then the push service holds the rest: a deadline cut would retry, not deliver.
    const s = await servico((_req, res) => {
      res.writeHead(201, { 'content-type': 'text/plain' });
      res.write(Buffer.alloc(16 * 1024, 'a'));
    });
    const e = entregador({ prazoMs: 60_000 });
    try {
      const id = await enfileirar(`${s.origem}/push/grande`);
      expect(await e.rodada()).toBe(1);
      await ate(async () => s.estado.fechadas > 0 && (await linha(id)) === undefined);
      expect(s.estado).toMatchObject({ pedidos: 1, fechadas: 1, abertas: 0 });
      expect(await linha(id)).toBeUndefined();
    } finally {
      await e.parar();
      await s.fechar();
    }
  });

  it('sends to one push service over a bounded pool of kept-alive sockets', async () => {
    const s = await servico((_req, res) => setTimeout(() => res.writeHead(201).end(), 200));
    const e = entregador({ maxSocketsPorOrigem: 2 });
    try {
      const ids: number[] = [];
      for (let i = 0; i < 6; i++) ids.push(await enfileirar(`${s.origem}/push/fila-${i}`));
      expect(await e.rodada()).toBe(6);
      await ate(async () => (await Promise.all(ids.map(linha))).every((l) => l === undefined));
      expect(await Promise.all(ids.map(linha))).toEqual(ids.map(() => undefined));
      // All six delivered, never more than two sockets open, and those two reused.
      expect(s.estado.pedidos).toBe(6);
      expect(s.estado.maxAbertas).toBeLessThanOrEqual(2);
      expect(s.estado.conexoes).toBeLessThanOrEqual(2);
    } finally {
      await e.parar();
      await s.fechar();
    }
  });

  it('with every socket of the pool idle at other push services, a send to a new one closes the oldest and goes at once', async () => {
    const responder = (_req: IncomingMessage, res: ServerResponse) => res.writeHead(201).end();
    const [a, b, c] = [await servico(responder), await servico(responder), await servico(responder)];
    // A deadline shorter than an idle socket's 30 s: waiting for one to time out would retry the message.
    const e = entregador({ maxSockets: 2, prazoMs: 20_000 });
    try {
      for (const s of [a, b, c]) {
        const id = await enfileirar(`${s.origem}/push/pool`);
        expect(await e.rodada()).toBe(1);
        await ate(async () => (await linha(id)) === undefined);
        expect(await linha(id)).toBeUndefined();
      }
      await ate(() => a.estado.fechadas > 0);
      expect(a.estado).toMatchObject({ conexoes: 1, fechadas: 1 });
      expect(b.estado).toMatchObject({ conexoes: 1, abertas: 1 });
    } finally {
      await e.parar();
      for (const s of [a, b, c]) await s.fechar();
    }
  });

  it('stopping closes the kept-alive sockets', async () => {
    const s = await servico((_req, res) => res.writeHead(201).end());
    const e = entregador();
    try {
      const id = await enfileirar(`${s.origem}/push/parar`);
      expect(await e.rodada()).toBe(1);
      await ate(async () => (await linha(id)) === undefined);
      expect(await linha(id)).toBeUndefined();
      await e.parar();
      await ate(() => s.estado.abertas === 0);
      expect(s.estado.abertas).toBe(0);
    } finally {
      await e.parar();
      await s.fechar();
    }
  });
});
