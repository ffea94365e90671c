import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { PublicadorEventos } from './publicador';

/** A database that only records its NOTIFYs. */
function bancoQueAnota() {
  const avisos: { canal: string; payload: string }[] = [];
  const database = {
    notify: (canal: string, payload: string) => {
      avisos.push({ canal, payload });
      return Promise.resolve();
    },
  } as unknown as Database;
  return { database, avisos };
}

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PublicadorEventos', () => {
  it('gathers positions for the interval, but announces a new notification at once, with what was gathered', async () => {
    const { database, avisos } = bancoQueAnota();
    const p = new PublicadorEventos(database, log, 60_000);
    p.rastreador(1);
    p.rastreador(2);
    await esperar(100);
    expect(avisos).toEqual([]);
    p.usuario(7);
    p.rastreador(3);
    await esperar(300);
    expect(avisos.map((a) => JSON.parse(a.payload) as unknown)).toEqual([{ r: [1, 2, 3], u: [7] }]);
    await p.close();
    expect(avisos).toHaveLength(1);
  });
});
