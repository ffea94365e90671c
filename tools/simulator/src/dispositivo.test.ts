import { createServer, type Server, type Socket } from 'node:net';
import { decodeFrame } from '@rastro/topin/device-to-server/decode';
import { loginReply, locateNow } from '@rastro/topin/server-to-device/encode';
import { TopinFramer } from '@rastro/topin/framer';
import { afterEach, describe, expect, it } from 'vitest';
import { Dispositivo } from './dispositivo';
import { Pet, radioEnvironment, seededRandom } from './pet';

/**
 * The simulated collar against a bare TCP peer standing for the gateway: a "localizar agora"
 * (0x80) is answered with a fix at once, not at the next interval — what lost-pet mode needs from
 * `npm run demo` (issue #19).
 */
let servidor: Server | undefined;
let dispositivo: Dispositivo | undefined;
afterEach(async () => {
  dispositivo?.stop();
  await new Promise<void>((r) => (servidor ? servidor.close(() => r()) : r()));
});

describe('Dispositivo', () => {
  it('answers 0x80 with a position at once', async () => {
    const tipos: string[] = [];
    let conexao: Socket | undefined;
    const conectado = new Promise<Socket>((resolve) => {
      servidor = createServer((s) => {
        conexao = s;
        const framer = new TopinFramer({ source: 'device' });
        s.on('data', (c: Buffer) => {
          for (const f of framer.push(new Uint8Array(c))) {
            const m = decodeFrame(f);
            tipos.push(m.kind);
            if (m.kind === 'login') s.write(loginReply(true));
          }
        });
        resolve(s);
      });
    });
    await new Promise<void>((r) => servidor?.listen(0, '127.0.0.1', () => r()));
    const endereco = servidor?.address();
    const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
    const random = seededRandom(7);
    dispositivo = new Dispositivo({
      imei: '359339080009999',
      host: '127.0.0.1',
      port: porta,
      // An hour between fixes: only the command can bring one now.
      intervalS: 3600,
      pet: new Pet({ homeLat: -23.56, homeLng: -46.65, random, alwaysWalking: true }),
      radio: radioEnvironment(random),
      random,
      log: () => undefined,
    });
    dispositivo.start();
    await conectado;
    const esperar = async (ok: () => boolean) => {
      const fim = Date.now() + 3000;
      while (!ok() && Date.now() < fim) await new Promise((r) => setTimeout(r, 10));
      return ok();
    };
    expect(await esperar(() => tipos.includes('status'))).toBe(true);
    const antes = tipos.length;
    const pedido = Date.now();
    conexao?.write(locateNow());
    expect(await esperar(() => tipos.slice(antes).some((k) => k === 'gps' || k === 'wifiLbs'))).toBe(true);
    expect(Date.now() - pedido).toBeLessThan(1000);
  });
});
