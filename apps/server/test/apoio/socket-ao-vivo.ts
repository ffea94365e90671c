import type { EventoSocket } from '@rastro/shared/schemas/mapa';
import WebSocket from 'ws';

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
