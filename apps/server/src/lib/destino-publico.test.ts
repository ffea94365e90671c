import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { destinoPublico, enderecoPublico } from './destino-publico';

/** A URL a user gives the server to call (a push endpoint) is refused before any connection. */
describe('destinoPublico (SSRF rules)', () => {
  it('refuses http:, credentials, and private, loopback, link-local and reserved literals without any lookup', async () => {
    for (const [url, motivo] of [
      ['http://push.example.com/x', 'protocolo'],
      ['ftp://push.example.com/x', 'protocolo'],
      ['https://user:pw@push.example.com/x', 'url'],
      ['nada', 'url'],
      ['https://127.0.0.1/x', 'endereco'],
      ['https://10.1.2.3/x', 'endereco'],
      ['https://172.20.0.1/x', 'endereco'],
      ['https://192.168.0.10/x', 'endereco'],
      ['https://169.254.169.254/latest/meta-data', 'endereco'],
      ['https://100.64.0.1/x', 'endereco'],
      ['https://0.0.0.0/x', 'endereco'],
      ['https://[::1]/x', 'endereco'],
      ['https://[fe80::1]/x', 'endereco'],
      ['https://[fd00::1]/x', 'endereco'],
      ['https://[::ffff:10.0.0.1]/x', 'endereco'],
      ['https://2130706433/x', 'endereco'],
    ] as const) {
      expect(await destinoPublico(url), url).toEqual({ ok: false, motivo });
    }
  });

  it('refuses a name that resolves to this host, and never connects to it', async () => {
    let conexoes = 0;
    const servidor = createServer((s) => {
      conexoes++;
      s.destroy();
    });
    await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', () => r()));
    const porta = (servidor.address() as { port: number }).port;
    expect(await destinoPublico(`https://localhost:${porta}/push/1`)).toEqual({ ok: false, motivo: 'endereco' });
    await new Promise<void>((r) => servidor.close(() => r()));
    expect(conexoes).toBe(0);
  });

  it('accepts a public literal, and anything http(s) when the test flag lifts the rules', async () => {
    expect(await destinoPublico('https://8.8.8.8/push')).toMatchObject({ ok: true, endereco: '8.8.8.8' });
    expect(await destinoPublico('http://127.0.0.1:9/push', true)).toMatchObject({ ok: true, endereco: undefined });
    expect(await destinoPublico('ftp://127.0.0.1/push', true)).toEqual({ ok: false, motivo: 'protocolo' });
    expect(enderecoPublico('2800:3f0:4001:80f::200e')).toBe(true);
    expect(enderecoPublico('::ffff:127.0.0.1')).toBe(false);
  });
});
