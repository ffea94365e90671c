import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { criarPixAutomatico, type Notificacao, type PixAutomatico } from './automatico';
import { brCodeDinamico } from './brcode';
import type { Certificados } from './certificados';

/**
 * A stand-in PSP speaking the API Pix over HTTPS with mutual TLS on 127.0.0.1, for tests: OAuth 2.0
 * client credentials, charges with a due date (`/cobv`) and immediate ones (`/cob`), the webhook
 * (`/webhook/{chave}`), Pix Automático (`/rec`, `/solicrec`, `/cobr`, `/webhookrec`, `/webhookcobr`;
 * automatico.ts), and controls a test drives — pay a charge (with another amount, or losing the
 * webhook), deliver a webhook again, approve a recurrence, debit a recurring charge. Every exchange
 * is kept for the conformance checks.
 */
export interface OpcoesPsp {
  certificados: Certificados;
  clientId?: string;
  clientSecret?: string;
  /** Seconds a token lives. */
  tokenSegundos?: number;
  /** Deliveries of a webhook that fails before giving up (real PSPs retry). */
  tentativas?: number;
  /** A PSP that does not offer Pix Automático: its paths answer 404. */
  semPixAutomatico?: boolean;
}

type No = Record<string, unknown>;

/** One HTTP exchange the stand-in answered (no credentials kept). */
export interface Troca {
  metodo: string;
  caminho: string;
  status: number;
  pedido: unknown;
  resposta: unknown;
}

/** One webhook delivery attempt. */
export interface Entrega {
  url: string;
  corpo: { pix: PixRecebido[] };
  status?: number;
  erro?: string;
}

export interface PixRecebido {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  infoPagador?: string;
}

interface Cobranca {
  tipo: 'cob' | 'cobv';
  corpo: No;
  pix: PixRecebido[];
}

export interface PspPix {
  /** The API's base, e.g. https://127.0.0.1:4321/api (like the YAML's `servers`). */
  url: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  trocas: Troca[];
  entregas: Entrega[];
  /** Pix Automático's notifications ('/rec' and '/cobr'), each delivery attempt. */
  notificacoes: Notificacao[];
  /** Pix Automático: the payer's bank app and PSP (approve or refuse a recurrence, debit a charge). */
  automatico: Omit<PixAutomatico, 'api'>;
  /** The charge as the PSP has it (GET's answer), or undefined. */
  cobranca: (txid: string) => No | undefined;
  /** Someone pays the charge: a Pix is recorded and, unless `perderWebhook`, the webhook is called. */
  pagar: (txid: string, o?: { valorCentavos?: number; perderWebhook?: boolean }) => Promise<PixRecebido>;
  /** While true, every API call answers 503 (the PSP is down). */
  foraDoAr: (sim: boolean) => void;
  /** The webhook of a Pix delivered again (duplicates happen). */
  reenviarWebhook: (endToEndId: string) => Promise<void>;
  fechar: () => Promise<void>;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const ALFANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ehNo = (v: unknown): v is No => typeof v === 'object' && v !== null && !Array.isArray(v);

/** 'E' + the payer PSP's ISPB + yyyyMMddHHmm + 11 letters and digits: 32 characters. */
function novoEndToEndId(agora: Date) {
  const d = agora.toISOString().replace(/[-T:]/g, '').slice(0, 12);
  return `E18236120${d}${[...randomBytes(11)].map((b) => ALFANUM[b % ALFANUM.length]).join('')}`;
}

const centavosParaValor = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;

const problema = (status: number, title: string, detail: string) => ({
  type: `https://pix.bcb.gov.br/api/v2/error/${status === 404 ? 'NaoEncontrado' : status === 403 ? 'AcessoNegado' : 'RequisicaoInvalida'}`,
  title,
  status,
  detail,
});

const RECEBEDOR = {
  cnpj: '56989000019533',
  nome: 'RASTRO PETS LTDA',
  logradouro: 'Rua dos Testes, 100',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01310100',
};

export async function iniciarPspPix(o: OpcoesPsp): Promise<PspPix> {
  const clientId = o.clientId ?? 'rastro-teste';
  const clientSecret = o.clientSecret ?? randomBytes(16).toString('hex');
  const tokenMs = (o.tokenSegundos ?? 3600) * 1000;
  const tentativas = o.tentativas ?? 3;
  const tokens = new Map<string, number>();
  const cobrancas = new Map<string, Cobranca>();
  const webhooks = new Map<string, { webhookUrl: string; chave: string; criacao: string }>();
  const pixPorE2e = new Map<string, PixRecebido>();
  const trocas: Troca[] = [];
  const entregas: Entrega[] = [];
  const notificacoes: Notificacao[] = [];
  let locId = 0;
  let base = '';
  let foraDoAr = false;

  const credenciaisOk = (cabecalho: string | undefined) => {
    const esperado = Buffer.from(`Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`);
    const veio = Buffer.from(cabecalho ?? '');
    return veio.length === esperado.length && timingSafeEqual(veio, esperado);
  };
  const tokenOk = (cabecalho: string | undefined) => {
    const t = /^Bearer (\S+)$/.exec(cabecalho ?? '')?.[1];
    const expira = t ? tokens.get(t) : undefined;
    return expira !== undefined && expira > Date.now();
  };

  function criar(tipo: 'cob' | 'cobv', txid: string, b: No): [number, unknown] {
    if (!TXID.test(txid)) return [400, problema(400, 'Requisição inválida.', 'O txid deve ter de 26 a 35 letras e dígitos.')];
    if (cobrancas.has(txid)) return [400, problema(400, 'Cobrança inválida.', 'Já existe uma cobrança com este txid.')];
    const valor = ehNo(b.valor) ? b.valor.original : undefined;
    const cal = ehNo(b.calendario) ? b.calendario : {};
    if (typeof valor !== 'string' || !VALOR.test(valor) || typeof b.chave !== 'string')
      return [400, problema(400, 'Cobrança inválida.', 'valor.original e chave são obrigatórios.')];
    if (tipo === 'cobv' && (typeof cal.dataDeVencimento !== 'string' || !ehNo(b.devedor)))
      return [400, problema(400, 'Cobrança inválida.', 'calendario.dataDeVencimento e devedor são obrigatórios.')];
    const criacao = new Date().toISOString();
    locId += 1;
    const location = `${base.replace(/^https:\/\//, '')}/${tipo}/${randomUUID().replaceAll('-', '')}`;
    const corpo: No = {
      calendario:
        tipo === 'cobv'
          ? { criacao, dataDeVencimento: cal.dataDeVencimento, validadeAposVencimento: cal.validadeAposVencimento ?? 30 }
          : { criacao, expiracao: cal.expiracao ?? 86_400 },
      txid,
      revisao: 0,
      loc: { id: locId, txid, location, tipoCob: tipo, criacao },
      location,
      status: 'ATIVA',
      ...(ehNo(b.devedor) ? { devedor: b.devedor } : {}),
      ...(tipo === 'cobv' ? { recebedor: RECEBEDOR } : {}),
      valor: { original: valor },
      chave: b.chave,
      ...(typeof b.solicitacaoPagador === 'string' ? { solicitacaoPagador: b.solicitacaoPagador } : {}),
      pixCopiaECola: brCodeDinamico({ location, valor, nome: RECEBEDOR.nome, cidade: RECEBEDOR.cidade }),
    };
    cobrancas.set(txid, { tipo, corpo, pix: [] });
    return [201, corpo];
  }

  const comPix = (c: Cobranca): No => (c.pix.length ? { ...c.corpo, pix: c.pix } : c.corpo);

  function api(metodo: string, caminho: string, corpo: unknown): [number, unknown] {
    const b = ehNo(corpo) ? corpo : {};
    const automatica = o.semPixAutomatico ? undefined : pixAutomatico.api(metodo, caminho, b);
    if (automatica) return automatica;
    const m = /^\/api\/(cobv|cob|webhook)\/([^/]+)$/.exec(caminho);
    if (!m) return [404, problema(404, 'Não encontrado.', 'Recurso inexistente.')];
    const [, recurso, id] = m as unknown as [string, 'cobv' | 'cob' | 'webhook', string];
    if (recurso === 'webhook') {
      const chave = decodeURIComponent(id);
      if (metodo === 'PUT') {
        if (typeof b.webhookUrl !== 'string' || !/^https?:\/\//.test(b.webhookUrl))
          return [400, problema(400, 'Webhook inválido.', 'webhookUrl deve ser uma URL.')];
        webhooks.set(chave, { webhookUrl: b.webhookUrl, chave, criacao: new Date().toISOString() });
        return [200, undefined];
      }
      const w = webhooks.get(chave);
      if (!w) return [404, problema(404, 'Webhook não encontrado.', 'Nenhum webhook para esta chave.')];
      if (metodo === 'GET') return [200, w];
      if (metodo === 'DELETE') {
        webhooks.delete(chave);
        return [204, undefined];
      }
      return [404, problema(404, 'Não encontrado.', 'Método inexistente.')];
    }
    if (metodo === 'PUT') return criar(recurso, id, b);
    const c = cobrancas.get(id);
    if (!c || c.tipo !== recurso) return [404, problema(404, 'Cobrança não encontrada.', 'Nenhuma cobrança com este txid.')];
    if (metodo === 'GET') return [200, comPix(c)];
    if (metodo === 'PATCH' && b.status === 'REMOVIDA_PELO_USUARIO_RECEBEDOR' && c.corpo.status === 'ATIVA') {
      c.corpo = { ...c.corpo, status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: Number(c.corpo.revisao) + 1 };
      return [200, comPix(c)];
    }
    return [400, problema(400, 'Requisição inválida.', 'Alteração não suportada.')];
  }

  async function atender(req: http.IncomingMessage, res: http.ServerResponse) {
    const partes: Buffer[] = [];
    let tamanho = 0;
    for await (const parte of req) {
      tamanho += (parte as Buffer).length;
      if (tamanho > 64 * 1024) break;
      partes.push(parte as Buffer);
    }
    const texto = Buffer.concat(partes).toString('utf8');
    const metodo = req.method ?? 'GET';
    const caminho = (req.url ?? '/').split('?')[0] ?? '/';
    let pedido: unknown;
    let status: number;
    let resposta: unknown;
    if (metodo === 'POST' && caminho === '/oauth/token') {
      const form = new URLSearchParams(texto);
      pedido = { grant_type: form.get('grant_type') };
      if (!credenciaisOk(req.headers.authorization)) [status, resposta] = [401, { error: 'invalid_client' }];
      else if (form.get('grant_type') !== 'client_credentials') [status, resposta] = [400, { error: 'unsupported_grant_type' }];
      else {
        const token = randomBytes(24).toString('hex');
        tokens.set(token, Date.now() + tokenMs);
        [status, resposta] = [
          200,
          {
            access_token: token,
            token_type: 'Bearer',
            expires_in: tokenMs / 1000,
            scope: `cob.write cob.read cobv.write cobv.read webhook.write webhook.read${
              o.semPixAutomatico
                ? ''
                : ' rec.write rec.read solicrec.write solicrec.read cobr.write cobr.read webhookrec.write webhookcobr.write'
            }`,
          },
        ];
      }
    } else {
      try {
        pedido = texto ? (JSON.parse(texto) as unknown) : undefined;
      } catch {
        pedido = texto;
      }
      if (!tokenOk(req.headers.authorization))
        [status, resposta] = [401, problema(401, 'Não autorizado.', 'Token ausente, inválido ou expirado.')];
      else if (foraDoAr)
        [status, resposta] = [
          503,
          {
            type: 'https://pix.bcb.gov.br/api/v2/error/ServicoIndisponivel',
            title: 'Serviço Indisponível',
            status: 503,
            detail: 'Tente mais tarde.',
          },
        ];
      else [status, resposta] = api(metodo, caminho, pedido);
    }
    // A copy: the stand-in changes its records later, the exchange is what was answered then.
    trocas.push({ metodo, caminho, status, pedido, resposta: structuredClone(resposta) });
    res.writeHead(
      status,
      resposta === undefined
        ? {}
        : { 'content-type': status >= 400 && caminho.startsWith('/api') ? 'application/problem+json' : 'application/json' },
    );
    res.end(resposta === undefined ? undefined : JSON.stringify(resposta));
  }

  const servidor = https.createServer(
    { key: o.certificados.psp.key, cert: o.certificados.psp.cert, ca: o.certificados.ca, requestCert: true, rejectUnauthorized: true },
    (req, res) => void atender(req, res).catch(() => res.destroy()),
  );
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  base = `https://127.0.0.1:${(servidor.address() as AddressInfo).port}`;

  /** Delivers a Pix Automático notification, retrying a failure like `entregar`. */
  async function notificar(n: Notificacao) {
    for (let i = 0; i < tentativas; i++) {
      const tentativa: Notificacao = { ...n };
      notificacoes.push(tentativa);
      try {
        tentativa.status = await postar(n.url, n.corpo, o.certificados);
        if (tentativa.status >= 200 && tentativa.status < 300) return;
      } catch (e) {
        tentativa.erro = e instanceof Error ? e.message : String(e);
      }
      await new Promise((r) => setTimeout(r, 100 * 2 ** i));
    }
  }
  const pixAutomatico = criarPixAutomatico({
    recebedor: { cnpj: RECEBEDOR.cnpj, nome: RECEBEDOR.nome },
    ispb: '18236120',
    problema,
    notificar,
  });

  /** POSTs `{ pix }` to the charge's key's webhook + '/pix', retrying a failure with a short backoff. */
  async function entregar(chave: unknown, pix: PixRecebido) {
    const w = typeof chave === 'string' ? webhooks.get(chave) : undefined;
    if (!w) return;
    const url = `${w.webhookUrl.replace(/\/$/, '')}/pix`;
    const corpo = { pix: [pix] };
    for (let i = 0; i < tentativas; i++) {
      const entrega: Entrega = { url, corpo };
      entregas.push(entrega);
      try {
        entrega.status = await postar(url, corpo, o.certificados);
        if (entrega.status >= 200 && entrega.status < 300) return;
      } catch (e) {
        entrega.erro = e instanceof Error ? e.message : String(e);
      }
      await new Promise((r) => setTimeout(r, 100 * 2 ** i));
    }
  }

  return {
    url: `${base}/api`,
    tokenUrl: `${base}/oauth/token`,
    clientId,
    clientSecret,
    trocas,
    entregas,
    notificacoes,
    foraDoAr: (sim) => {
      foraDoAr = sim;
    },
    automatico: {
      recorrencia: pixAutomatico.recorrencia,
      cobrancaRecorrente: pixAutomatico.cobrancaRecorrente,
      responderSolicitacao: pixAutomatico.responderSolicitacao,
      debitar: pixAutomatico.debitar,
    },
    cobranca: (txid) => {
      const c = cobrancas.get(txid);
      return c ? comPix(c) : undefined;
    },
    pagar: async (txid, opcoes = {}) => {
      const c = cobrancas.get(txid);
      if (!c || c.corpo.status !== 'ATIVA') throw new Error(`cobrança ${txid} não está ativa`);
      const original = ehNo(c.corpo.valor) ? String(c.corpo.valor.original) : '0.00';
      const agora = new Date();
      const pix: PixRecebido = {
        endToEndId: novoEndToEndId(agora),
        txid,
        valor: opcoes.valorCentavos === undefined ? original : centavosParaValor(opcoes.valorCentavos),
        horario: agora.toISOString(),
      };
      c.pix.push(pix);
      c.corpo = { ...c.corpo, status: 'CONCLUIDA' };
      pixPorE2e.set(pix.endToEndId, pix);
      if (!opcoes.perderWebhook) await entregar(c.corpo.chave, pix);
      return pix;
    },
    reenviarWebhook: async (endToEndId) => {
      const pix = pixPorE2e.get(endToEndId);
      const c = pix ? cobrancas.get(pix.txid) : undefined;
      if (pix && c) await entregar(c.corpo.chave, pix);
    },
    fechar: () =>
      new Promise<void>((r) => {
        servidor.closeAllConnections();
        servidor.close(() => r());
      }),
  };
}

/** A POST of JSON: over HTTPS presenting the PSP's client certificate and trusting the test CA, or plain HTTP. */
function postar(url: string, corpo: unknown, certificados: Certificados): Promise<number> {
  const dados = JSON.stringify(corpo);
  const alvo = new URL(url);
  const opcoes = {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(dados) },
    timeout: 5000,
  };
  return new Promise((resolve, reject) => {
    const req =
      alvo.protocol === 'https:'
        ? https.request(alvo, { ...opcoes, cert: certificados.pspCliente.cert, key: certificados.pspCliente.key, ca: certificados.ca })
        : http.request(alvo, opcoes);
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('timeout', () => req.destroy(new Error('tempo esgotado')));
    req.on('error', reject);
    req.end(dados);
  });
}
