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

  it('refuses IPv6 forms that carry or reach an IPv4 address, and the special-purpose IPv6 blocks (IANA registry)', async () => {
    for (const url of [
      // IPv4-mapped (::ffff:0:0/96) in both spellings, and IPv4-translated (::ffff:0:0:0/96).
      'https://[::ffff:7f00:1]/x',
      'https://[::ffff:0:7f00:1]/x',
      'https://[::ffff:0:8.8.8.8]/x',
      // IPv4-compatible (::/96, deprecated) and the rest of ::/8.
      'https://[::127.0.0.1]/x',
      'https://[::8.8.8.8]/x',
      'https://[::2]/x',
      // 6to4 (2002::/16), the embedded IPv4 loopback and a public one alike.
      'https://[2002:7f00:1::]/x',
      'https://[2002:808:808::1]/x',
      // NAT64: the well-known prefix (64:ff9b::/96) and the local-use one (64:ff9b:1::/48).
      'https://[64:ff9b::a00:1]/x',
      'https://[64:ff9b::808:808]/x',
      'https://[64:ff9b:1::a00:1]/x',
      // IETF protocol assignments (2001::/23): Teredo, benchmarking, ORCHID, ORCHIDv2.
      'https://[2001::1]/x',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/x',
      'https://[2001:2::1]/x',
      'https://[2001:10::1]/x',
      'https://[2001:20::1]/x',
      // Documentation (2001:db8::/32, 3fff::/20), SRv6 SIDs (5f00::/16), discard (100::/64).
      'https://[2001:db8::1]/x',
      'https://[3fff::1]/x',
      'https://[5f00::1]/x',
      'https://[100::1]/x',
      // Site-local (fec0::/10, deprecated), unique local, link-local, multicast.
      'https://[fec0::1]/x',
      'https://[fc00::1]/x',
      'https://[fe80::1]/x',
      'https://[ff02::1]/x',
      // IPv4: the 6to4 relay anycast (192.88.99.0/24, deprecated) and broadcast.
      'https://192.88.99.1/x',
      'https://255.255.255.255/x',
    ]) {
      expect(await destinoPublico(url), url).toEqual({ ok: false, motivo: 'endereco' });
    }
  });

  it('accepts https on port 443 only (written or not); the test flag lifts the rule', async () => {
    for (const url of ['https://8.8.8.8:22/x', 'https://8.8.8.8:80/x', 'https://8.8.8.8:8443/x', 'https://[2001:4860:4860::8888]:444/x']) {
      expect(await destinoPublico(url), url).toEqual({ ok: false, motivo: 'porta' });
    }
    expect(await destinoPublico('https://8.8.8.8:443/push')).toMatchObject({ ok: true, endereco: '8.8.8.8' });
    expect(await destinoPublico('https://[2001:4860:4860::8888]/push')).toMatchObject({ ok: true, endereco: '2001:4860:4860::8888' });
    expect(await destinoPublico('https://127.0.0.1:22/push', true)).toMatchObject({ ok: true });
  });

  it('judges an IPv4-mapped address as the IPv4 it carries, and only global unicast IPv6 as public', () => {
    expect(enderecoPublico('::ffff:808:808')).toBe(true);
    expect(enderecoPublico('::ffff:8.8.8.8')).toBe(true);
    expect(enderecoPublico('::ffff:a00:1')).toBe(false);
    expect(enderecoPublico('::ffff:169.254.169.254')).toBe(false);
    expect(enderecoPublico('2606:4700:4700::1111')).toBe(true);
    expect(enderecoPublico('2620:4f:8000::1')).toBe(true);
    expect(enderecoPublico('4000::1')).toBe(false);
    expect(enderecoPublico('fe80::1%eth0')).toBe(false);
    expect(enderecoPublico('nada')).toBe(false);
  });

  it('refuses a name that resolves to this host, and one on another port before looking it up', async () => {
    expect(await destinoPublico('https://localhost/push/1')).toEqual({ ok: false, motivo: 'endereco' });
    expect(await destinoPublico('https://localhost:443/push/1')).toEqual({ ok: false, motivo: 'endereco' });
    expect(await destinoPublico('https://nome-que-nao-existe.invalid:8443/push/1')).toEqual({ ok: false, motivo: 'porta' });
  });

  it('accepts a public literal, and anything http(s) when the test flag lifts the rules', async () => {
    expect(await destinoPublico('https://8.8.8.8/push')).toMatchObject({ ok: true, endereco: '8.8.8.8' });
    expect(await destinoPublico('http://127.0.0.1:9/push', true)).toMatchObject({ ok: true, endereco: undefined });
    expect(await destinoPublico('ftp://127.0.0.1/push', true)).toEqual({ ok: false, motivo: 'protocolo' });
    expect(enderecoPublico('2800:3f0:4001:80f::200e')).toBe(true);
    expect(enderecoPublico('::ffff:127.0.0.1')).toBe(false);
  });
});
