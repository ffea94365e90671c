import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { hasError, parsePix } from 'pix-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gerarCertificados } from './certificados';
import { apiPixDisponivel, exemploDaApi, validarCallback, validarCallbackPix, validarPedido, validarResposta } from './conformidade';
import { iniciarPspPix, type PspPix } from './psp';

const certificados = gerarCertificados();
let psp: PspPix;

/** A call to the stand-in as Rastro makes it: mutual TLS with Rastro's client certificate (or none). */
function chamar(
  metodo: string,
  url: string,
  o: { corpo?: unknown; form?: string; cabecalhos?: Record<string, string>; semCertificado?: boolean } = {},
): Promise<{ status: number; corpo: unknown }> {
  const dados = o.form ?? (o.corpo === undefined ? undefined : JSON.stringify(o.corpo));
  return new Promise((resolve, reject) => {
    const req = https.request(url, {
      method: metodo,
      ca: certificados.ca,
      ...(o.semCertificado ? {} : { cert: certificados.rastro.cert, key: certificados.rastro.key }),
      headers: {
        ...(o.form ? { 'content-type': 'application/x-www-form-urlencoded' } : dados ? { 'content-type': 'application/json' } : {}),
        ...o.cabecalhos,
      },
    });
    req.on('response', (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('end', () => {
        const texto = Buffer.concat(partes).toString();
        resolve({ status: res.statusCode ?? 0, corpo: texto ? (JSON.parse(texto) as unknown) : undefined });
      });
    });
    req.on('error', reject);
    req.end(dados);
  });
}

async function token() {
  const basic = Buffer.from(`${psp.clientId}:${psp.clientSecret}`).toString('base64');
  const r = await chamar('POST', psp.tokenUrl, { form: 'grant_type=client_credentials', cabecalhos: { authorization: `Basic ${basic}` } });
  return (r.corpo as { access_token: string }).access_token;
}

/** A webhook receiver: HTTPS that demands the PSP's client certificate, or plain HTTP; answers `status()`. */
async function receptor(tls: boolean, status: () => number = () => 200) {
  const recebidos: unknown[] = [];
  const tratar = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      recebidos.push({ caminho: req.url, corpo: JSON.parse(Buffer.concat(partes).toString()) as unknown });
      res.writeHead(status()).end();
    });
  };
  const s = tls
    ? https.createServer(
        {
          key: certificados.webhook.key,
          cert: certificados.webhook.cert,
          ca: certificados.ca,
          requestCert: true,
          rejectUnauthorized: true,
        },
        tratar,
      )
    : http.createServer(tratar);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${(s.address() as AddressInfo).port}/api/pix/webhook`;
  return { url, recebidos, fechar: () => new Promise<void>((r) => s.close(() => r())) };
}

const TXID = 'RastroTeste0000000000000000000001';
const cobv = (valor = '29.90') => ({
  calendario: { dataDeVencimento: '2026-12-10', validadeAposVencimento: 7 },
  devedor: { cpf: '12345678909', nome: 'Ana Dona' },
  valor: { original: valor },
  chave: 'pagamentos@rastro.test',
  solicitacaoPagador: 'Assinatura do REX',
});

beforeAll(async () => {
  psp = await iniciarPspPix({ certificados, tentativas: 3 });
});
afterAll(async () => {
  await psp.fechar();
});

describe('the stand-in PSP', () => {
  it('talks only to a client with a certificate of the test CA, then asks for the OAuth credentials and a live token', async () => {
    await expect(chamar('POST', psp.tokenUrl, { form: 'grant_type=client_credentials', semCertificado: true })).rejects.toThrow();
    const errado = Buffer.from(`${psp.clientId}:errado`).toString('base64');
    const r = await chamar('POST', psp.tokenUrl, {
      form: 'grant_type=client_credentials',
      cabecalhos: { authorization: `Basic ${errado}` },
    });
    expect([r.status, r.corpo]).toEqual([401, { error: 'invalid_client' }]);
    expect((await chamar('GET', `${psp.url}/cobv/${TXID}`)).status).toBe(401);
    expect((await chamar('GET', `${psp.url}/cobv/${TXID}`, { cabecalhos: { authorization: 'Bearer inventado' } })).status).toBe(401);

    const curto = await iniciarPspPix({ certificados, tokenSegundos: 0.2 });
    try {
      const basic = Buffer.from(`${curto.clientId}:${curto.clientSecret}`).toString('base64');
      const t = (
        (await chamar('POST', curto.tokenUrl, { form: 'grant_type=client_credentials', cabecalhos: { authorization: `Basic ${basic}` } }))
          .corpo as { access_token: string }
      ).access_token;
      expect((await chamar('GET', `${curto.url}/cobv/${TXID}`, { cabecalhos: { authorization: `Bearer ${t}` } })).status).toBe(404);
      await new Promise((r) => setTimeout(r, 300));
      expect((await chamar('GET', `${curto.url}/cobv/${TXID}`, { cabecalhos: { authorization: `Bearer ${t}` } })).status).toBe(401);
    } finally {
      await curto.fechar();
    }
  });

  it('creates a charge with a due date whose code any bank app reads, pays it and calls the webhook over mutual TLS', async () => {
    const h = { authorization: `Bearer ${await token()}` };
    const webhook = await receptor(true);
    try {
      expect(
        (await chamar('PUT', `${psp.url}/webhook/pagamentos%40rastro.test`, { corpo: { webhookUrl: webhook.url }, cabecalhos: h })).status,
      ).toBe(200);
      const criada = await chamar('PUT', `${psp.url}/cobv/${TXID}`, { corpo: cobv(), cabecalhos: h });
      expect(criada.status).toBe(201);
      const codigo = (criada.corpo as { pixCopiaECola: string; location: string }).pixCopiaECola;
      const lido = parsePix(codigo);
      if (hasError(lido) || lido.type !== 'DYNAMIC') throw new Error(`código ilegível: ${codigo}`);
      expect(lido.url).toBe((criada.corpo as { location: string }).location);
      expect([lido.merchantName, lido.merchantCity]).toEqual(['RASTRO PETS LTDA', 'São Paulo']);
      expect(codigo).toMatch(/^00020101021226/);
      // pix-utils leaves a dynamic code's amount to the location's payload; the code carries it in field 54.
      expect(codigo).toContain('540529.90');

      const pix = await psp.pagar(TXID);
      expect(pix.endToEndId).toMatch(/^E\d{8}\d{12}[a-zA-Z0-9]{11}$/);
      expect(webhook.recebidos).toEqual([{ caminho: '/api/pix/webhook/pix', corpo: { pix: [pix] } }]);
      const consultada = await chamar('GET', `${psp.url}/cobv/${TXID}`, { cabecalhos: h });
      expect(consultada.corpo).toMatchObject({ status: 'CONCLUIDA', pix: [{ endToEndId: pix.endToEndId, valor: '29.90' }] });
      await psp.reenviarWebhook(pix.endToEndId);
      expect(webhook.recebidos).toHaveLength(2);
    } finally {
      await webhook.fechar();
    }
  });

  it('a lost webhook delivers nothing but the charge says it was paid; a failing receiver is tried again', async () => {
    const h = { authorization: `Bearer ${await token()}` };
    let respostas = [500, 200];
    const webhook = await receptor(false, () => respostas.shift() ?? 200);
    try {
      await chamar('PUT', `${psp.url}/webhook/outra%40rastro.test`, { corpo: { webhookUrl: webhook.url }, cabecalhos: h });
      const txid = 'RastroTeste0000000000000000000002';
      await chamar('PUT', `${psp.url}/cobv/${txid}`, { corpo: { ...cobv('10.00'), chave: 'outra@rastro.test' }, cabecalhos: h });
      const pix = await psp.pagar(txid, { perderWebhook: true, valorCentavos: 900 });
      expect(webhook.recebidos).toEqual([]);
      expect(psp.cobranca(txid)).toMatchObject({ status: 'CONCLUIDA', pix: [{ endToEndId: pix.endToEndId, valor: '9.00' }] });

      respostas = [500, 200];
      const txid3 = 'RastroTeste0000000000000000000003';
      await chamar('PUT', `${psp.url}/cobv/${txid3}`, { corpo: { ...cobv('10.00'), chave: 'outra@rastro.test' }, cabecalhos: h });
      await psp.pagar(txid3);
      expect(psp.entregas.filter((e) => e.corpo.pix[0]?.txid === txid3).map((e) => e.status)).toEqual([500, 200]);
      expect(webhook.recebidos).toHaveLength(2);
    } finally {
      await webhook.fechar();
    }
  });

  it('Pix Automático: a recurrence, its confirmation request, the payer approving in the bank app, a recurring charge debited or refused, each notified', async () => {
    const h = { authorization: `Bearer ${await token()}` };
    const webhook = await receptor(true);
    try {
      for (const caminho of ['webhookrec', 'webhookcobr'])
        expect((await chamar('PUT', `${psp.url}/${caminho}`, { corpo: { webhookUrl: webhook.url }, cabecalhos: h })).status).toBe(200);
      const rec = await chamar('POST', `${psp.url}/rec`, {
        corpo: {
          vinculo: { contrato: 'RASTRO-7', devedor: { cpf: '12345678909', nome: 'Ana Dona' }, objeto: 'Assinatura do REX' },
          calendario: { dataInicial: '2027-01-10', periodicidade: 'MENSAL' },
          valor: { valorRec: '29.90' },
          politicaRetentativa: 'PERMITE_3R_7D',
        },
        cabecalhos: h,
      });
      expect(rec.status).toBe(201);
      const idRec = (rec.corpo as { idRec: string }).idRec;
      expect(idRec).toMatch(/^RR\d{8}\d{8}[a-zA-Z0-9]{11}$/);
      const solic = await chamar('POST', `${psp.url}/solicrec`, {
        corpo: {
          idRec,
          calendario: { dataExpiracaoSolicitacao: '2027-01-03T12:00:00.000Z' },
          destinatario: { cpf: '12345678909', ispbParticipante: '60746948', agencia: '1234', conta: '567890' },
        },
        cabecalhos: h,
      });
      expect(solic.corpo).toMatchObject({ idRec, status: 'CRIADA', recPayload: { idRec, valor: { valorRec: '29.90' } } });
      const cobr = (txid: string) =>
        chamar('PUT', `${psp.url}/cobr/${txid}`, {
          corpo: {
            idRec,
            calendario: { dataDeVencimento: '2027-01-10' },
            valor: { original: '29.90' },
            ajusteDiaUtil: true,
            recebedor: { agencia: '0001', conta: '123456', tipoConta: 'CORRENTE' },
          },
          cabecalhos: h,
        });
      // Before the payer approves, no recurring charge.
      expect((await cobr('RastroRecorrente000000000000001')).status).toBe(400);

      await psp.automatico.responderSolicitacao(idRec, 'APROVADA');
      expect(webhook.recebidos).toEqual([
        { caminho: '/api/pix/webhook/rec', corpo: { recs: [expect.objectContaining({ idRec, status: 'APROVADA' })] } },
      ]);
      expect((await cobr('RastroRecorrente000000000000001')).corpo).toMatchObject({ idRec, status: 'ATIVA' });
      const paga = await psp.automatico.debitar('RastroRecorrente000000000000001');
      expect(paga).toMatchObject({ status: 'CONCLUIDA', pix: [{ txid: 'RastroRecorrente000000000000001', valor: '29.90' }] });
      expect(webhook.recebidos.at(-1)).toEqual({
        caminho: '/api/pix/webhook/cobr',
        corpo: { cobsr: [expect.objectContaining({ txid: 'RastroRecorrente000000000000001', status: 'CONCLUIDA', pix: paga.pix })] },
      });
      await cobr('RastroRecorrente000000000000002');
      await psp.automatico.debitar('RastroRecorrente000000000000002', { falhar: true });
      expect((await chamar('GET', `${psp.url}/cobr/RastroRecorrente000000000000002`, { cabecalhos: h })).corpo).toMatchObject({
        status: 'REJEITADA',
      });
      expect((await chamar('PATCH', `${psp.url}/rec/${idRec}`, { corpo: { status: 'CANCELADA' }, cabecalhos: h })).corpo).toMatchObject({
        status: 'CANCELADA',
      });
      await expect.poll(() => webhook.recebidos.length).toBe(4);

      const sem = await iniciarPspPix({ certificados, semPixAutomatico: true });
      try {
        const basic = Buffer.from(`${sem.clientId}:${sem.clientSecret}`).toString('base64');
        const t = (
          (await chamar('POST', sem.tokenUrl, { form: 'grant_type=client_credentials', cabecalhos: { authorization: `Basic ${basic}` } }))
            .corpo as { access_token: string }
        ).access_token;
        const r = await chamar('PUT', `${sem.url}/webhookrec`, {
          corpo: { webhookUrl: webhook.url },
          cabecalhos: { authorization: `Bearer ${t}` },
        });
        expect(r.status).toBe(404);
      } finally {
        await sem.fechar();
      }
    } finally {
      await webhook.fechar();
    }
  });

  it.skipIf(!apiPixDisponivel())("the YAML's own Pix Automático examples pass the mended schemas", () => {
    expect(validarPedido({ metodo: 'POST', caminho: '/api/rec', corpo: exemploDaApi('recBody1') })).toEqual([]);
    expect(validarPedido({ metodo: 'POST', caminho: '/api/solicrec', corpo: exemploDaApi('solicRecBody1') })).toEqual([]);
    expect(validarCallback('rec', exemploDaApi('recWebhookNotification1'))).toEqual([]);
  });

  it.skipIf(!apiPixDisponivel())('every exchange above and every webhook body conforms to the API Pix 2.9.0; a wrong body does not', () => {
    const api = psp.trocas.filter((t) => t.caminho.startsWith('/api/') && t.status !== 401);
    expect(api.length).toBeGreaterThan(5);
    for (const t of api) {
      expect(validarPedido({ metodo: t.metodo, caminho: t.caminho, corpo: t.pedido }), `${t.metodo} ${t.caminho}`).toEqual([]);
      expect(
        validarResposta({ metodo: t.metodo, caminho: t.caminho, status: t.status, corpo: t.resposta }),
        `${t.metodo} ${t.caminho} ${t.status}`,
      ).toEqual([]);
    }
    for (const e of psp.entregas) expect(validarCallbackPix(e.corpo)).toEqual([]);
    expect(psp.notificacoes.length).toBeGreaterThan(3);
    for (const n of psp.notificacoes) expect(validarCallback(n.tipo, n.corpo), n.url).toEqual([]);
    expect(validarPedido({ metodo: 'PUT', caminho: `/api/cobv/${TXID}`, corpo: { ...cobv(), valor: { original: 29.9 } } })).not.toEqual([]);
    expect(validarCallbackPix({ pix: [{ txid: TXID }] })).not.toEqual([]);
  });
});
