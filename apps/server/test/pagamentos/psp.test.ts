import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { gerarCertificados } from '@rastro/psp-pix/certificados';
import { apiPixDisponivel, validarCallbackPix, validarPedido, validarResposta } from '@rastro/psp-pix/conformidade';
import { iniciarPspPix, type PspPix } from '@rastro/psp-pix/psp';
import { envDoRastro } from '@rastro/psp-pix/rastro';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { rodadaDeCobranca } from '../../src/modules/pagamentos/cobrador';
import { hojeEm } from '../../src/modules/pagamentos/periodos';
import { ClientePix } from '../../src/modules/pagamentos/psp/cliente-pix';
import { contar, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { portaLivre } from '../apoio/net';

/**
 * PSP mode (issue #35) against the stand-in PSP of tools/psp-pix, over real HTTPS with mutual TLS:
 * the charge goes to the PSP, its code comes from there, the PSP's webhook settles it once, a lost
 * webhook is settled by the reconciliation, and a callback without the secret changes nothing.
 */
const certificados = gerarCertificados();
const SEGREDO = 'segredo-do-webhook-de-teste-0123456789abcdef';
const CHAVE = 'pagamentos@rastro.test';
let psp: PspPix;
let app: TestApp;
let porta = 0;
let admin: Record<string, string>;
let dono: { id: number; h: Record<string, string> };
let planoId = 0;
let seq = 0;

async function novaAssinatura(nome: string) {
  seq += 1;
  const rastreadorId = await registrarRastreador(app, admin, `86${String(Date.now()).slice(-9)}${String(seq).padStart(4, '0')}`);
  await vincular(app, dono.id, rastreadorId, nome);
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  const r = await app.inject({
    method: 'POST',
    url: '/api/usuarios/assinaturas',
    headers: dono.h,
    payload: { usuarioRastreadorId: v?.id, planoId, forma: 'PIX' },
  });
  expect(r.statusCode).toBe(201);
  const id = r.json<{ id: number }>().id;
  const cobranca = (await app.inject({ method: 'GET', url: '/api/usuarios/pagamentos?size=50', headers: dono.h }))
    .json<{ content: { assinaturaId: number; txid: string; situacao: string; pixCopiaECola: string | null }[] }>()
    .content.find((c) => c.assinaturaId === id);
  if (!cobranca) throw new Error('cobrança');
  return cobranca;
}

const situacao = async (txid: string) =>
  (
    await consultar<{ s: string; d: boolean }>(
      app.database.db,
      sql`select situacao as s, divergente as d from cobrancas where txid = ${txid}`,
    )
  )[0];

beforeAll(async () => {
  psp = await iniciarPspPix({ certificados, tentativas: 2 });
  const dir = mkdtempSync(path.join(tmpdir(), 'rastro-psp-'));
  porta = await portaLivre();
  app = await criarApp({
    PIX_CHAVE: CHAVE,
    PIX_RECEBEDOR_NOME: 'Rastro Pets',
    PIX_RECEBEDOR_CIDADE: 'São Paulo',
    ...envDoRastro(psp, certificados, dir),
    // Behind a proxy that terminates TLS, the secret in the URL is what proves it is the PSP.
    PIX_WEBHOOK_URL: `http://127.0.0.1:${porta}/api/pix/webhook/${SEGREDO}`,
    PIX_WEBHOOK_SEGREDO: SEGREDO,
    PAGAMENTOS_RONDA_MS: '60000',
    PIX_WEBHOOK_LIMITE_MINUTO: '40',
  });
  await app.listen({ port: porta, host: '127.0.0.1' });
  admin = bearer(await entrar(app));
  const d = await criarCliente(app, 'DONA PIX');
  dono = { id: d.id, h: bearer(d.token) };
  planoId = (
    await app.inject({
      method: 'POST',
      url: '/api/planos',
      headers: admin,
      payload: { nome: 'Mensal', valorCentavos: 2990, periodo: 'MENSAL' },
    })
  ).json<{ id: number }>().id;
});
afterAll(async () => {
  await app?.fechar();
  await psp?.fechar();
});

describe('payments with a PSP (API Pix over mutual TLS)', () => {
  it('registers the webhook, sends a new subscription’s charge to the PSP at once and shows the PSP’s code', async () => {
    await expect
      .poll(() =>
        psp.trocas.some((t) => t.metodo === 'PUT' && t.caminho === `/api/webhook/${encodeURIComponent(CHAVE)}` && t.status === 200),
      )
      .toBe(true);
    const c = await novaAssinatura('PIX1');
    expect(c.txid).toMatch(/^[A-Z0-9]{32}$/);
    expect(c.pixCopiaECola).toBe(psp.cobranca(c.txid)?.pixCopiaECola);
    expect(c.pixCopiaECola).toMatch(/^00020101021226/);
  });

  it('the PSP’s webhook settles the charge once, with the receipt; a repeated callback changes nothing', async () => {
    const c = await novaAssinatura('PIX2');
    const pix = await psp.pagar(c.txid);
    expect((await situacao(c.txid))?.s).toBe('PAGO');
    expect(psp.entregas.filter((e) => e.corpo.pix[0]?.txid === c.txid).map((e) => e.status)).toEqual([200]);
    await psp.reenviarWebhook(pix.endToEndId);
    expect(await contar(app, 'cobrancas', sql`end_to_end_id = ${pix.endToEndId}`)).toBe(1);
    expect(await contar(app, 'email_fila', sql`assunto like 'Rastro — pagamento recebido%' and texto like ${`%${c.txid}%`}`)).toBe(1);
  });

  it('a callback without the secret changes nothing and answers 403; the secret never reaches the logs', async () => {
    const c = await novaAssinatura('PIX3');
    const corpo = {
      pix: [{ endToEndId: 'E18236120202611281200abcdefghijk', txid: c.txid, valor: '29.90', horario: new Date().toISOString() }],
    };
    const r = await app.inject({ method: 'POST', url: '/api/pix/webhook/segredo-errado-0123456789abcdef0123/pix', payload: corpo });
    expect(r.statusCode).toBe(403);
    expect((await situacao(c.txid))?.s).toBe('PENDENTE');
    // A flood from one address is cut off, with the secret or without it.
    let codigos: number[] = [];
    for (let i = 0; i < 45; i++)
      codigos.push(
        (await app.inject({ method: 'POST', url: `/api/pix/webhook/${SEGREDO}/pix`, payload: { pix: [] }, remoteAddress: '10.9.9.9' }))
          .statusCode,
      );
    codigos = [...new Set(codigos)];
    expect(codigos).toEqual([200, 429]);
    const { urlSemSegredos } = await import('../../src/lib/log');
    expect(urlSemSegredos(`/api/pix/webhook/${SEGREDO}/pix`)).toBe('/api/pix/webhook/[Redacted]/pix');
  });

  it('a lost webhook is settled by the reconciliation; a different amount is flagged, not accepted', async () => {
    const perdida = await novaAssinatura('PIX4');
    await psp.pagar(perdida.txid, { perderWebhook: true });
    expect((await situacao(perdida.txid))?.s).toBe('PENDENTE');
    const outra = await novaAssinatura('PIX5');
    await psp.pagar(outra.txid, { valorCentavos: 1000 });
    expect(await situacao(outra.txid)).toEqual({ s: 'PENDENTE', d: true });

    const cliente = new ClientePix(app.config.pagamentos.psp ?? (undefined as never));
    try {
      const r = await rodadaDeCobranca(app, app.config.pagamentos.pix ?? (undefined as never), hojeEm(app.config.timezone), 10, {
        cliente,
        conciliacaoMs: 0,
        log: app.log,
      });
      expect(r.conciliadas).toBe(1);
    } finally {
      cliente.fechar();
    }
    expect((await situacao(perdida.txid))?.s).toBe('PAGO');
    expect(await situacao(outra.txid)).toEqual({ s: 'PENDENTE', d: true });
  });

  it.skipIf(!apiPixDisponivel())('every request Rastro sent and every answer and callback conform to the API Pix 2.9.0', () => {
    const api = psp.trocas.filter((t) => t.caminho.startsWith('/api/'));
    expect(api.length).toBeGreaterThan(8);
    for (const t of api) {
      expect(validarPedido({ metodo: t.metodo, caminho: t.caminho, corpo: t.pedido }), `${t.metodo} ${t.caminho}`).toEqual([]);
      expect(
        validarResposta({ metodo: t.metodo, caminho: t.caminho, status: t.status, corpo: t.resposta }),
        `${t.metodo} ${t.caminho}`,
      ).toEqual([]);
    }
    for (const e of psp.entregas) expect(validarCallbackPix(e.corpo)).toEqual([]);
  });
});
