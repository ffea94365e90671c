import { mkdtempSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { gerarCertificados, type ParDeChaves } from '@rastro/psp-pix/certificados';
import { iniciarPspPix, type PspPix } from '@rastro/psp-pix/psp';
import { envDoRastro } from '@rastro/psp-pix/rastro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { portaLivre } from '../apoio/net';

/**
 * The webhook's own HTTPS listener (PIX_WEBHOOK_PORTA), with mutual TLS as the API Pix expects: the
 * stand-in PSP's callback, showing the PSP's client certificate, settles its charge; a caller with no
 * certificate, or one of another CA, gets 401 and changes nothing; nothing else is served there.
 */
const certificados = gerarCertificados();
const outraCa = gerarCertificados({ outro: true });
const SEGREDO = 'segredo-do-webhook-tls-de-teste-0123456789abcdef';
let psp: PspPix;
let app: TestApp;
let porta = 0;
let dono: { id: number; h: Record<string, string> };

/** A POST to the listener, trusting its certificate, presenting `cliente` (or none). */
function postar(caminho: string, corpo: unknown, cliente?: ParDeChaves): Promise<{ status: number; corpo: unknown }> {
  return new Promise((resolve, reject) => {
    const req = https.request(`https://127.0.0.1:${porta}${caminho}`, {
      method: 'POST',
      ca: certificados.ca,
      ...(cliente ? { cert: cliente.cert, key: cliente.key } : {}),
      headers: { 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: JSON.parse(Buffer.concat(partes).toString()) as unknown }));
    });
    req.on('error', reject);
    req.end(JSON.stringify(corpo));
  });
}

const situacao = async (txid: string) =>
  (await consultar<{ s: string }>(app.database.db, sql`select situacao as s from cobrancas where txid = ${txid}`))[0]?.s;

beforeAll(async () => {
  psp = await iniciarPspPix({ certificados, tentativas: 1 });
  const dir = mkdtempSync(path.join(tmpdir(), 'rastro-webhook-tls-'));
  const arquivo = (nome: string, pem: string) => {
    const p = path.join(dir, nome);
    writeFileSync(p, pem);
    return p;
  };
  porta = await portaLivre();
  app = await criarApp({
    PIX_CHAVE: 'pagamentos@rastro.test',
    PIX_RECEBEDOR_NOME: 'Rastro Pets',
    PIX_RECEBEDOR_CIDADE: 'São Paulo',
    ...envDoRastro(psp, certificados, dir),
    PIX_WEBHOOK_URL: `https://127.0.0.1:${porta}/api/pix/webhook/${SEGREDO}`,
    PIX_WEBHOOK_SEGREDO: SEGREDO,
    PIX_WEBHOOK_PORTA: String(porta),
    PIX_WEBHOOK_CERT_FILE: arquivo('webhook.crt', certificados.webhook.cert),
    PIX_WEBHOOK_KEY_FILE: arquivo('webhook.key', certificados.webhook.key),
    PIX_WEBHOOK_CA_FILE: arquivo('ca-psp.crt', certificados.ca),
    PAGAMENTOS_RONDA_MS: '60000',
  });
  const admin = bearer(await entrar(app));
  const d = await criarCliente(app, 'DONO TLS');
  dono = { id: d.id, h: bearer(d.token) };
  const plano = await app.inject({
    method: 'POST',
    url: '/api/planos',
    headers: admin,
    payload: { nome: 'Mensal', valorCentavos: 2990, periodo: 'MENSAL' },
  });
  const rastreadorId = await registrarRastreador(app, admin, `89${String(Date.now()).slice(-9)}0001`);
  await vincular(app, dono.id, rastreadorId, 'TLS');
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  const r = await app.inject({
    method: 'POST',
    url: '/api/usuarios/assinaturas',
    headers: dono.h,
    payload: { usuarioRastreadorId: v?.id, planoId: plano.json<{ id: number }>().id, forma: 'PIX' },
  });
  expect(r.statusCode).toBe(201);
});
afterAll(async () => {
  await app?.fechar();
  await psp?.fechar();
});

const minhaCobranca = async () =>
  (await app.inject({ method: 'GET', url: '/api/usuarios/pagamentos', headers: dono.h })).json<{ content: { txid: string }[] }>()
    .content[0];

describe('the webhook over mutual TLS (PIX_WEBHOOK_PORTA)', () => {
  it('a caller without the PSP’s certificate, or with another CA’s, gets 401 and the charge stays open', async () => {
    const c = await minhaCobranca();
    const corpo = {
      pix: [{ endToEndId: 'E18236120202611291200abcdefghijk', txid: c?.txid, valor: '29.90', horario: new Date().toISOString() }],
    };
    const sem = await postar(`/api/pix/webhook/${SEGREDO}/pix`, corpo);
    expect(sem).toEqual({ status: 401, corpo: { status: 401, message: 'Certificado de cliente do PSP ausente ou inválido.' } });
    expect((await postar(`/api/pix/webhook/${SEGREDO}/pix`, corpo, outraCa.pspCliente)).status).toBe(401);
    expect(await situacao(c?.txid ?? '')).toBe('PENDENTE');
    // With the certificate, the rest of the API is not there.
    expect((await postar('/api/auth/login', {}, certificados.pspCliente)).status).toBe(404);
  });

  it('the PSP’s callback, with its client certificate, settles the charge once', async () => {
    const c = await minhaCobranca();
    await psp.pagar(c?.txid ?? '');
    expect(psp.entregas.at(-1)).toMatchObject({ url: `https://127.0.0.1:${porta}/api/pix/webhook/${SEGREDO}/pix`, status: 200 });
    expect(await situacao(c?.txid ?? '')).toBe('PAGO');
  });
});
