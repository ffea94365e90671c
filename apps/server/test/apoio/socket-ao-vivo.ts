import type { EventoSocket } from '@rastro/shared/schemas/mapa';
import WebSocket from 'ws';
import type { TestApp } from './helpers';

/** A browser-like client of /api/socket: it sends `primeira` (the token message) and keeps every event it receives. */
export async function abrirSocket(porta: number, primeira: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${porta}/api/socket`);
  const eventos: EventoSocket[] = [];
  ws.on('message', (d: Buffer) => {
    const v = JSON.parse(d.toString()) as unknown;
    if (typeof v === 'object' && v !== null && 'posicoes' in v) eventos.push(v as EventoSocket);
  });
  await new Promise<void>((r, j) => {
    ws.once('open', () => r());
    ws.once('error', j);
  });
  ws.send(primeira);
  // Give the server the time to check the token before events are produced.
  await new Promise((r) => setTimeout(r, 150));
  return { ws, eventos };
}

/** `fn`'s first defined value, asked every 20 ms for at most `ms`. */
export async function ate<T>(fn: () => T | undefined, ms = 5000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** How many sockets `app`'s live hub holds (its `rastro_ao_vivo_sockets` metric). */
export async function socketsNoHub(app: TestApp) {
  return Number(/^rastro_ao_vivo_sockets (\S+)$/m.exec((await app.inject({ method: 'GET', url: '/metrics' })).body)?.[1] ?? Number.NaN);
}

/**
 * A screen on `app`'s /api/socket (listening on `porta`), as `abrirSocket`; resolves once the hub
 * holds it, so it has read what the screen saw. With the code its socket closed with, once it does.
 */
export async function abrirTela(app: TestApp, porta: number, primeira: string) {
  const antes = await socketsNoHub(app);
  const s = await abrirSocket(porta, primeira);
  const fechou = { codigo: undefined as number | undefined };
  s.ws.on('close', (codigo: number) => (fechou.codigo = codigo));
  const fim = Date.now() + 5000;
  while ((await socketsNoHub(app)) !== antes + 1) {
    if (Date.now() > fim) throw new Error('o hub não registrou a tela');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ...s, fechou };
}
