import { createPrivateKey, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush, { type RequestOptions } from 'web-push';
import { idDoEndpoint, iniciarReceptorPush, type InscricaoPush, type ReceptorPush } from './push-receptor';

// The one place in these tests where web-push is used, as the sender: it proves that the
// receiver (node:crypto only) accepts what web-push builds and refuses anything tampered with.

const NOTIFICACAO = { titulo: 'THOR', corpo: 'Alerta de SOS' };
const SUBJECT = 'mailto:ops@rastro.local';
const vapid = webpush.generateVAPIDKeys();

interface Pedido {
  headers: Record<string, string>;
  body: Buffer;
}

function pedido(sub: InscricaoPush, payload: unknown = NOTIFICACAO, opcoes: RequestOptions = {}, chaves = vapid): Pedido {
  const d = webpush.generateRequestDetails(sub, JSON.stringify(payload), {
    vapidDetails: { subject: SUBJECT, publicKey: chaves.publicKey, privateKey: chaves.privateKey },
    TTL: 60,
    contentEncoding: 'aes128gcm',
    ...opcoes,
  });
  // web-push's header values include numbers; fetch computes Content-Length itself.
  const headers = Object.fromEntries(
    Object.entries(d.headers)
      .filter(([k]) => k.toLowerCase() !== 'content-length')
      .map(([k, v]) => [k, String(v)]),
  );
  return { headers, body: d.body };
}

function postar(endpoint: string, p: Pedido): Promise<Response> {
  return fetch(endpoint, { method: 'POST', headers: p.headers, body: p.body });
}

/** A VAPID JWT crafted with node:crypto (for claims web-push would refuse to sign). */
function jwt(claims: object, chave: KeyObject, alg = 'ES256'): string {
  const h = Buffer.from(JSON.stringify({ typ: 'JWT', alg })).toString('base64url');
  const p = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const s = sign('sha256', Buffer.from(`${h}.${p}`), { key: chave, dsaEncoding: 'ieee-p1363' });
  return `${h}.${p}.${s.toString('base64url')}`;
}

/** web-push's raw VAPID keys (base64url d and uncompressed point) as a KeyObject. */
function chavePrivada(chaves: { publicKey: string; privateKey: string }): KeyObject {
  const ponto = Buffer.from(chaves.publicKey, 'base64url');
  const jwk = {
    kty: 'EC',
    crv: 'P-256',
    d: chaves.privateKey,
    x: ponto.subarray(1, 33).toString('base64url'),
    y: ponto.subarray(33).toString('base64url'),
  };
  return createPrivateKey({ key: jwk, format: 'jwk' });
}

const agora = () => Math.floor(Date.now() / 1000);

describe('receptor push de teste (RFC 8030/8291/8292)', () => {
  let r: ReceptorPush;
  let sub: InscricaoPush;
  beforeAll(async () => {
    r = await iniciarReceptorPush();
  });
  afterAll(() => r.fechar());
  beforeEach(() => {
    r.limpar();
    r.responderNormalmente();
    r.exigirChavePublica(null);
    r.atrasar(0);
    sub = r.novaInscricao();
  });

  /** Posts `p` to the subscription and expects it refused with `motivo`. */
  async function recusa(p: Pedido, motivo: RegExp, status = 400, endpoint = sub.endpoint) {
    const res = await postar(endpoint, p);
    expect(res.status).toBe(status);
    expect(r.mensagens).toEqual([]);
    expect(r.falhas).toHaveLength(1);
    expect(r.falhas[0]?.motivo).toMatch(motivo);
    expect(r.falhas[0]?.status).toBe(status);
  }

  /** web-push's request for `sub` with the Authorization header replaced by `t` and `k`. */
  function comJwt(t: string, k = vapid.publicKey): Pedido {
    const p = pedido(sub);
    return { body: p.body, headers: { ...p.headers, Authorization: `vapid t=${t}, k=${k}` } };
  }

  it('hands out a subscription as the browser would', () => {
    expect(sub.endpoint).toMatch(new RegExp(`^${r.origem}/push/[A-Za-z0-9_-]+$`));
    const p256dh = Buffer.from(sub.keys.p256dh, 'base64url');
    expect(p256dh).toHaveLength(65);
    expect(p256dh[0]).toBe(0x04);
    expect(Buffer.from(sub.keys.auth, 'base64url')).toHaveLength(16);
    expect(r.novaInscricao().endpoint).not.toBe(sub.endpoint);
  });

  it("decrypts web-push's aes128gcm body and validates its VAPID JWT", async () => {
    r.exigirChavePublica(vapid.publicKey);
    const res = await postar(sub.endpoint, pedido(sub, NOTIFICACAO, { urgency: 'high', topic: 'sos' }));
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toMatch(new RegExp(`^${r.origem}/m/`));
    expect(r.falhas).toEqual([]);
    const m = await r.esperar((x) => x.endpoint === sub.endpoint, 1000);
    expect(m.payload).toEqual(NOTIFICACAO);
    expect(m.endpointId).toBe(idDoEndpoint(sub.endpoint));
    expect(m.chavePublica).toBe(vapid.publicKey);
    expect(m.claims.aud).toBe(r.origem);
    expect(m.claims.sub).toBe(SUBJECT);
    expect(m.claims.exp).toBeGreaterThan(agora());
    expect(m.claims.exp).toBeLessThanOrEqual(agora() + 24 * 3600);
    expect(m).toMatchObject({ ttl: 60, urgencia: 'high', topico: 'sos' });
    expect(r.tentativas).toMatchObject([{ endpointId: m.endpointId, status: 201 }]);
  });

  it('accepts a JWT crafted with node:crypto, proving the check does not depend on web-push', async () => {
    const t = jwt({ aud: r.origem, exp: agora() + 3600, sub: 'https://rastro.local/contato' }, chavePrivada(vapid));
    expect((await postar(sub.endpoint, comJwt(t))).status).toBe(201);
    expect(r.mensagens[0]?.claims.sub).toBe('https://rastro.local/contato');
  });

  it('refuses a tampered body', async () => {
    const p = pedido(sub);
    const body = Buffer.from(p.body);
    body[100] = (body[100] ?? 0) ^ 0x01;
    await recusa({ ...p, body }, /não decifra/);
  });

  it("refuses a body encrypted for another subscription's keys", async () => {
    await recusa(pedido(r.novaInscricao()), /não decifra/);
  });

  it('refuses a JWT signed by a key other than k', async () => {
    const outra = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    await recusa(comJwt(jwt({ aud: r.origem, exp: agora() + 3600, sub: SUBJECT }, outra)), /assinatura do JWT/);
  });

  it('refuses a VAPID key other than the one the API handed out', async () => {
    r.exigirChavePublica(vapid.publicKey);
    await recusa(pedido(sub, NOTIFICACAO, {}, webpush.generateVAPIDKeys()), /chave pública que a API entregou/);
  });

  it('refuses a wrong audience, an expired JWT, an expiry beyond 24 h, a missing sub and a non-ES256 JWT', async () => {
    const chave = chavePrivada(vapid);
    const casos: [object, RegExp, string?][] = [
      [{ aud: 'https://fcm.googleapis.com', exp: agora() + 3600, sub: SUBJECT }, /aud/],
      [{ aud: `${r.origem}/push`, exp: agora() + 3600, sub: SUBJECT }, /aud/],
      [{ aud: r.origem, exp: agora() - 60, sub: SUBJECT }, /expirado/],
      [{ aud: r.origem, exp: agora() + 25 * 3600, sub: SUBJECT }, /24 h/],
      [{ aud: r.origem, exp: agora() + 3600 }, /sub/],
      [{ aud: r.origem, exp: agora() + 3600, sub: 'ops@rastro.local' }, /sub/],
      [{ aud: r.origem, exp: agora() + 3600, sub: SUBJECT }, /ES256/, 'HS256'],
    ];
    for (const [claims, motivo, alg] of casos) {
      r.limpar();
      await recusa(comJwt(jwt(claims, chave, alg)), motivo);
    }
  });

  it('refuses a missing or legacy Authorization header', async () => {
    const p = pedido(sub);
    const semAuth = Object.fromEntries(Object.entries(p.headers).filter(([k]) => k !== 'Authorization'));
    await recusa({ ...p, headers: semAuth }, /Authorization vapid ausente/);
    r.limpar();
    const t = jwt({ aud: r.origem, exp: agora() + 3600, sub: SUBJECT }, chavePrivada(vapid));
    await recusa({ ...p, headers: { ...p.headers, Authorization: `WebPush ${t}` } }, /Authorization vapid ausente/);
  });

  it('refuses the old aesgcm encoding, a missing TTL and an oversized message', async () => {
    await recusa(pedido(sub, NOTIFICACAO, { contentEncoding: 'aesgcm' }), /Content-Encoding aesgcm não é aes128gcm/);
    r.limpar();
    const p = pedido(sub);
    const semTtl = Object.fromEntries(Object.entries(p.headers).filter(([k]) => k !== 'TTL'));
    await recusa({ ...p, headers: semTtl }, /TTL/);
    r.limpar();
    await recusa(pedido(sub, { corpo: 'x'.repeat(5000) }), /passa de 4096/, 413);
  });

  it('answers 404 to an unknown subscription', async () => {
    await recusa(pedido(sub), /inscrição desconhecida/, 404, `${r.origem}/push/desconhecida`);
  });

  it('answers a forced status per endpoint or for all, with Retry-After and a count', async () => {
    const outra = r.novaInscricao();
    r.responderCom(sub.endpoint, 410);
    expect((await postar(sub.endpoint, pedido(sub))).status).toBe(410);
    expect((await postar(outra.endpoint, pedido(outra))).status).toBe(201);
    expect(r.mensagens.map((m) => m.endpoint)).toEqual([outra.endpoint]);
    await r.esperarTentativa((t) => t.status === 410, 1000);

    r.responderCom('todos', 429, { retryAfter: 30 });
    const res = await postar(outra.endpoint, pedido(outra));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect((await postar(sub.endpoint, pedido(sub))).status).toBe(410); // the endpoint's own rule wins

    r.responderNormalmente();
    r.responderCom(idDoEndpoint(sub.endpoint), 500, { vezes: 2 });
    const status = [];
    for (let i = 0; i < 3; i++) status.push((await postar(sub.endpoint, pedido(sub))).status);
    expect(status).toEqual([500, 500, 201]);
    expect(r.tentativas.map((t) => t.status)).toEqual([410, 201, 429, 410, 500, 500, 201]);
    expect(r.falhas).toEqual([]);
  });

  it('stops and starts again on the same port, keeping its subscriptions', async () => {
    const porta = r.porta;
    await r.parar();
    expect(r.ativo).toBe(false);
    await expect(postar(sub.endpoint, pedido(sub))).rejects.toThrow();
    const chegou = r.esperar((m) => m.endpoint === sub.endpoint, 5000);
    await r.iniciar();
    expect(r.ativo).toBe(true);
    expect(r.porta).toBe(porta);
    expect((await postar(sub.endpoint, pedido(sub))).status).toBe(201);
    expect((await chegou).payload).toEqual(NOTIFICACAO);
  });

  it('delays its answers when asked, and esperar gives up after its timeout', async () => {
    r.atrasar(300);
    const inicio = Date.now();
    expect((await postar(sub.endpoint, pedido(sub))).status).toBe(201);
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(290);
    await expect(r.esperar(() => false, 50)).rejects.toThrow(/nenhum/);
  });
});
