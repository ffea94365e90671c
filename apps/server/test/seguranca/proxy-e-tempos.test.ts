import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { criarApp, type TestApp } from '../apoio/helpers';
import { TEST_ENV } from '../apoio/test-env';

let app: TestApp | undefined;
afterEach(async () => {
  await app?.fechar();
  app = undefined;
});

const config = (remoteAddress: string, xff: string) => ({ url: '/api/config', remoteAddress, headers: { 'x-forwarded-for': xff } });

describe('TRUST_PROXY', () => {
  it("refuses true (it would believe any client) and reads a hop count or the proxies' ranges", () => {
    expect(() => loadConfig({ ...TEST_ENV, TRUST_PROXY: 'true' })).toThrow(/qualquer cliente/);
    expect(() => loadConfig({ ...TEST_ENV, TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ ...TEST_ENV, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...TEST_ENV, TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ ...TEST_ENV }).trustProxy).toBe(false);
  });

  it("with the proxies' ranges, a client outside them cannot dodge the limit by forging X-Forwarded-For", async () => {
    app = await criarApp({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_MAX: '3' });
    const forjadas = [];
    for (let i = 0; i < 4; i++) forjadas.push((await app.inject(config('203.0.113.9', `198.51.100.${i}`))).statusCode);
    expect(forjadas).toEqual([200, 200, 200, 429]);
    // Behind the real proxy, each client behind it has its own count.
    const viaProxy = [];
    for (let i = 0; i < 4; i++) viaProxy.push((await app.inject(config('10.1.2.3', `192.0.2.${i}`))).statusCode);
    expect(viaProxy).toEqual([200, 200, 200, 200]);
  });

  it('with a hop count, only the address the nearest proxy saw counts', async () => {
    app = await criarApp({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '3' });
    const respostas = [];
    for (let i = 0; i < 4; i++) respostas.push((await app.inject(config('10.1.2.3', `198.51.100.${i}, 192.0.2.50`))).statusCode);
    expect(respostas).toEqual([200, 200, 200, 429]);
  });
});

describe('HTTP request deadline', () => {
  it('closes a connection whose body trickles in slower than HTTP_REQUEST_TIMEOUT_SECONDS', async () => {
    app = await criarApp({ HTTP_REQUEST_TIMEOUT_SECONDS: '1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const endereco = app.server.address();
    if (!endereco || typeof endereco === 'string') throw new Error('sem porta');
    const s = net.connect(endereco.port, '127.0.0.1');
    let resposta = '';
    s.on('data', (c: Buffer) => (resposta += c.toString()));
    const fechou = new Promise<void>((r) => s.on('close', () => r()));
    s.write(
      'POST /oauth/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\n',
    );
    // A byte every 250 ms: the 40-byte body would take 10 s.
    let enviados = 0;
    const gotejar = setInterval(() => {
      if (s.writable && enviados < 40) {
        s.write('a');
        enviados++;
      }
    }, 250);
    await fechou;
    clearInterval(gotejar);
    expect(enviados).toBeLessThan(40);
    // Node answers 408 when it cuts a request that had not finished arriving.
    expect(resposta).toMatch(/^HTTP\/1\.1 408/);
  });
});
