import https from 'node:https';

/** The PSP mode's settings (config.pagamentos.psp). */
export interface ConfigPsp {
  url: string;
  clientId: string;
  clientSecret: string;
  cert: string;
  key: string;
  ca?: string;
  webhookUrl: string;
  segredo: string;
  conciliacaoMs: number;
  limitePorMinuto: number;
  /** The webhook's own HTTPS listener with mutual TLS (PIX_WEBHOOK_PORTA); undefined behind a proxy. */
  webhookTls?: { porta: number; cert: string; key: string; ca: string };
  /** Pix Automático: the account the recurring charges credit; undefined when it is not offered. */
  contaRecebedor?: { conta: string; tipoConta: 'CORRENTE' | 'POUPANCA' | 'PAGAMENTO'; agencia?: string };
}

/** A Pix the PSP says it received for a charge. */
export interface PixRecebido {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
}

export interface CobrancaNoPsp {
  status: string;
  pixCopiaECola?: string;
  pix: PixRecebido[];
}

export class ErroDoPsp extends Error {
  constructor(
    readonly status: number,
    mensagem: string,
  ) {
    super(mensagem);
  }
}

type No = Record<string, unknown>;
const ehNo = (v: unknown): v is No => typeof v === 'object' && v !== null && !Array.isArray(v);

/** '29.90' → 2990, exactly; null when it is not an API Pix amount. */
export function valorParaCentavos(valor: string): number | null {
  const m = /^(\d{1,10})\.(\d{2})$/.exec(valor);
  return m ? Number(m[1]) * 100 + Number(m[2]) : null;
}

/** 2990 → '29.90', as the API Pix writes amounts. */
export const centavosParaValor = (c: number) => `${Math.trunc(c / 100)}.${String(c % 100).padStart(2, '0')}`;

const lerPix = (v: unknown): PixRecebido[] =>
  Array.isArray(v)
    ? v.filter(
        (p): p is PixRecebido =>
          ehNo(p) &&
          typeof p.endToEndId === 'string' &&
          typeof p.txid === 'string' &&
          typeof p.valor === 'string' &&
          typeof p.horario === 'string',
      )
    : [];

/**
 * The API Pix as Rastro calls it: OAuth 2.0 client credentials and every call over mutual TLS (the
 * client certificate of PIX_CERT_FILE), the token kept until a minute before it expires.
 */
export class ClientePix {
  private token: { valor: string; expira: number } | undefined;
  private readonly agente: https.Agent;
  /** Pix Automático is offered (the receiver's account for recurring charges is configured). */
  readonly automatico: boolean;

  constructor(private readonly cfg: ConfigPsp) {
    this.automatico = cfg.contaRecebedor !== undefined;
    this.agente = new https.Agent({ cert: cfg.cert, key: cfg.key, ...(cfg.ca ? { ca: cfg.ca } : {}), keepAlive: true, maxSockets: 8 });
  }

  fechar() {
    this.agente.destroy();
  }

  private pedir(metodo: string, url: string, corpo: string | undefined, cabecalhos: Record<string, string>) {
    return new Promise<{ status: number; corpo: unknown }>((resolve, reject) => {
      const req = https.request(url, { method: metodo, agent: this.agente, headers: cabecalhos, timeout: 10_000 });
      req.on('response', (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () => {
          const texto = Buffer.concat(partes).toString('utf8');
          let json: unknown;
          try {
            json = texto ? (JSON.parse(texto) as unknown) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, corpo: json });
        });
      });
      req.on('timeout', () => req.destroy(new Error('o PSP não respondeu a tempo')));
      req.on('error', reject);
      req.end(corpo);
    });
  }

  private async obterToken(): Promise<string> {
    if (this.token && this.token.expira > Date.now()) return this.token.valor;
    const basic = Buffer.from(`${this.cfg.clientId}:${this.cfg.clientSecret}`).toString('base64');
    const base = new URL(this.cfg.url);
    const r = await this.pedir('POST', `${base.origin}/oauth/token`, 'grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    if (r.status !== 200 || !ehNo(r.corpo) || typeof r.corpo.access_token !== 'string')
      throw new ErroDoPsp(r.status, 'o PSP recusou as credenciais');
    const segundos = typeof r.corpo.expires_in === 'number' ? r.corpo.expires_in : 300;
    this.token = { valor: r.corpo.access_token, expira: Date.now() + Math.max(0, segundos - 60) * 1000 };
    return this.token.valor;
  }

  /** One API call; a 401 (a token revoked early) gets a new token and one more try. */
  private async api(metodo: string, caminho: string, corpo?: unknown): Promise<{ status: number; corpo: unknown }> {
    for (let tentativa = 0; ; tentativa++) {
      const token = await this.obterToken();
      const dados = corpo === undefined ? undefined : JSON.stringify(corpo);
      const r = await this.pedir(metodo, `${this.cfg.url}${caminho}`, dados, {
        authorization: `Bearer ${token}`,
        ...(dados ? { 'content-type': 'application/json' } : {}),
      });
      if (r.status !== 401 || tentativa > 0) return r;
      this.token = undefined;
    }
  }

  /**
   * A charge for `txid`: with a due date (`PUT /cobv`) when the payer has a CPF, the API Pix asks for
   * one; otherwise immediate (`PUT /cob`) lasting until `expiraEm`. Returns its BR Code.
   */
  async criarCobranca(c: {
    txid: string;
    chave: string;
    valorCentavos: number;
    vencimento: string;
    diasCarencia: number;
    devedor: { nome: string; cpf: string | null };
    solicitacao: string;
  }): Promise<string> {
    const valor = { original: centavosParaValor(c.valorCentavos) };
    const solicitacaoPagador = c.solicitacao.slice(0, 140);
    const [caminho, corpo] =
      c.devedor.cpf && /^\d{11}$/.test(c.devedor.cpf)
        ? [
            `/cobv/${c.txid}`,
            {
              calendario: { dataDeVencimento: c.vencimento, validadeAposVencimento: Math.max(1, c.diasCarencia) },
              devedor: { cpf: c.devedor.cpf, nome: c.devedor.nome.slice(0, 200) },
              valor,
              chave: c.chave,
              solicitacaoPagador,
            },
          ]
        : [
            `/cob/${c.txid}`,
            {
              calendario: {
                expiracao: Math.max(
                  3600,
                  Math.ceil((Date.parse(`${c.vencimento}T23:59:59-03:00`) - Date.now()) / 1000) + c.diasCarencia * 86_400,
                ),
              },
              valor,
              chave: c.chave,
              solicitacaoPagador,
            },
          ];
    const r = await this.api('PUT', caminho, corpo);
    if (r.status !== 201 || !ehNo(r.corpo) || typeof r.corpo.pixCopiaECola !== 'string')
      throw new ErroDoPsp(r.status, `o PSP não criou a cobrança (${r.status})`);
    return r.corpo.pixCopiaECola;
  }

  /** The charge as the PSP has it: `/cobv` first, then `/cob`; undefined when the PSP knows neither. */
  async consultar(txid: string): Promise<CobrancaNoPsp | undefined> {
    for (const tipo of ['cobv', 'cob']) {
      const r = await this.api('GET', `/${tipo}/${txid}`);
      if (r.status === 404) continue;
      if (r.status !== 200 || !ehNo(r.corpo) || typeof r.corpo.status !== 'string')
        throw new ErroDoPsp(r.status, `consulta da cobrança (${r.status})`);
      return { status: r.corpo.status, pix: lerPix(r.corpo.pix) };
    }
    return undefined;
  }

  /**
   * Pix Automático, "Jornada 1": the recurrence (`POST /rec`) and the request that the payer's PSP
   * asks the payer to confirm it in their bank app (`POST /solicrec`). Returns the recurrence's id.
   */
  async pedirAutorizacao(a: {
    contrato: string;
    objeto: string;
    devedor: { cpf: string; nome: string };
    dataInicial: string;
    periodicidade: 'MENSAL' | 'ANUAL';
    valorCentavos: number;
    conta: { ispb: string; agencia?: string | null; conta: string };
    expiraEm: Date;
  }): Promise<string> {
    const rec = await this.api('POST', '/rec', {
      vinculo: {
        contrato: a.contrato.slice(0, 35),
        devedor: { cpf: a.devedor.cpf, nome: a.devedor.nome.slice(0, 140) },
        objeto: a.objeto.slice(0, 35),
      },
      calendario: { dataInicial: a.dataInicial, periodicidade: a.periodicidade },
      valor: { valorRec: centavosParaValor(a.valorCentavos) },
      politicaRetentativa: 'PERMITE_3R_7D',
    });
    const criada = rec.status === 201 ? lerRecorrencia(rec.corpo) : undefined;
    if (!criada) throw new ErroDoPsp(rec.status, `o PSP não criou a recorrência (${rec.status})`);
    const solic = await this.api('POST', '/solicrec', {
      idRec: criada.idRec,
      calendario: { dataExpiracaoSolicitacao: a.expiraEm.toISOString() },
      destinatario: {
        cpf: a.devedor.cpf,
        ispbParticipante: a.conta.ispb,
        conta: a.conta.conta,
        ...(a.conta.agencia ? { agencia: a.conta.agencia } : {}),
      },
    });
    if (solic.status !== 201) {
      await this.cancelarRecorrencia(criada.idRec).catch(() => undefined);
      throw new ErroDoPsp(solic.status, `o PSP não enviou a solicitação de confirmação (${solic.status})`);
    }
    return criada.idRec;
  }

  async consultarRecorrencia(idRec: string): Promise<RecorrenciaNoPsp | undefined> {
    const r = await this.api('GET', `/rec/${idRec}`);
    if (r.status === 404) return undefined;
    const rec = r.status === 200 ? lerRecorrencia(r.corpo) : undefined;
    if (!rec) throw new ErroDoPsp(r.status, `consulta da recorrência (${r.status})`);
    return rec;
  }

  /** PATCH /rec/{idRec} `{ status: CANCELADA }`: no charge is debited from it again. */
  async cancelarRecorrencia(idRec: string) {
    const r = await this.api('PATCH', `/rec/${idRec}`, { status: 'CANCELADA' });
    if (r.status !== 200 && r.status !== 400 && r.status !== 404)
      throw new ErroDoPsp(r.status, `o PSP não cancelou a recorrência (${r.status})`);
  }

  /** PUT /cobr/{txid}: the period's charge, debited by the payer's PSP on its due date. */
  async criarCobrancaRecorrente(c: { txid: string; idRec: string; vencimento: string; valorCentavos: number; info: string }) {
    const conta = this.cfg.contaRecebedor;
    if (!conta) throw new ErroDoPsp(0, 'Pix Automático não configurado');
    const r = await this.api('PUT', `/cobr/${c.txid}`, {
      idRec: c.idRec,
      infoAdicional: c.info.slice(0, 140),
      calendario: { dataDeVencimento: c.vencimento },
      valor: { original: centavosParaValor(c.valorCentavos) },
      ajusteDiaUtil: true,
      recebedor: conta,
    });
    if (r.status !== 201) throw new ErroDoPsp(r.status, `o PSP não criou a cobrança recorrente (${r.status})`);
  }

  async consultarCobrancaRecorrente(txid: string): Promise<CobrancaRecorrenteNoPsp | undefined> {
    const r = await this.api('GET', `/cobr/${txid}`);
    if (r.status === 404) return undefined;
    const c = r.status === 200 ? lerCobrancaRecorrente(r.corpo) : undefined;
    if (!c) throw new ErroDoPsp(r.status, `consulta da cobrança recorrente (${r.status})`);
    return c;
  }

  async cancelarCobrancaRecorrente(txid: string) {
    const r = await this.api('PATCH', `/cobr/${txid}`, { status: 'CANCELADA' });
    if (r.status !== 200 && r.status !== 400 && r.status !== 404)
      throw new ErroDoPsp(r.status, `o PSP não cancelou a cobrança recorrente (${r.status})`);
  }

  /** PUT /webhookrec and /webhookcobr: where the PSP tells recurrences' and recurring charges' changes (+ '/rec', '/cobr'). */
  async registrarWebhooksAutomatico(webhookUrl: string) {
    for (const caminho of ['/webhookrec', '/webhookcobr']) {
      const r = await this.api('PUT', caminho, { webhookUrl });
      if (r.status < 200 || r.status >= 300) throw new ErroDoPsp(r.status, `o PSP recusou o webhook ${caminho} (${r.status})`);
    }
  }

  /** PUT /webhook/{chave}: where the PSP posts the Pix it receives (+ '/pix'). */
  async registrarWebhook(chave: string, webhookUrl: string) {
    const r = await this.api('PUT', `/webhook/${encodeURIComponent(chave)}`, { webhookUrl });
    if (r.status < 200 || r.status >= 300) throw new ErroDoPsp(r.status, `o PSP recusou o webhook (${r.status})`);
  }
}

/** A Pix Automático recurrence as the PSP tells it (`GET /rec`, or a '/rec' notification). */
export interface RecorrenciaNoPsp {
  idRec: string;
  status: string;
}

/** A recurring charge as the PSP tells it (`GET /cobr`, or a '/cobr' notification). */
export interface CobrancaRecorrenteNoPsp {
  txid: string;
  status: string;
  pix: PixRecebido[];
}

const ID_REC = /^[a-zA-Z0-9]{29}$/;

const lerRecorrencia = (v: unknown): RecorrenciaNoPsp | undefined =>
  ehNo(v) && typeof v.idRec === 'string' && ID_REC.test(v.idRec) && typeof v.status === 'string'
    ? { idRec: v.idRec, status: v.status }
    : undefined;

const lerCobrancaRecorrente = (v: unknown): CobrancaRecorrenteNoPsp | undefined =>
  ehNo(v) && typeof v.txid === 'string' && typeof v.status === 'string'
    ? { txid: v.txid, status: v.status, pix: lerPix(v.pix) }
    : undefined;

/** A '/rec' notification's body (`{ recs: [...] }`); malformed items are left out. */
export const recorrenciasDoWebhook = (corpo: unknown): RecorrenciaNoPsp[] =>
  ehNo(corpo) && Array.isArray(corpo.recs) ? corpo.recs.flatMap((r) => lerRecorrencia(r) ?? []) : [];

/** A '/cobr' notification's body (`{ cobsr: [...] }`); malformed items are left out. */
export const cobrancasRecorrentesDoWebhook = (corpo: unknown): CobrancaRecorrenteNoPsp[] =>
  ehNo(corpo) && Array.isArray(corpo.cobsr) ? corpo.cobsr.flatMap((c) => lerCobrancaRecorrente(c) ?? []) : [];

/** The webhook's body (`{ pix: [...] }`), the Pix it carries; malformed items are left out. */
export const pixDoWebhook = (corpo: unknown): PixRecebido[] => (ehNo(corpo) ? lerPix(corpo.pix) : []);
