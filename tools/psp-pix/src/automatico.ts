import { randomBytes } from 'node:crypto';

/**
 * The stand-in's Pix Automático (API Pix 2.9 "Jornada 1"): the receiver creates a recurrence
 * (`POST /rec`) and asks the payer's PSP to confirm it (`POST /solicrec`); the payer approves or
 * refuses in their bank app (`responderSolicitacao`); each period the receiver schedules a
 * recurring charge (`PUT /cobr/{txid}`), which the payer's PSP debits on its due date (`debitar`).
 * Changes are notified to `{webhookrec}/rec` and `{webhookcobr}/cobr`.
 */
type No = Record<string, unknown>;
const ehNo = (v: unknown): v is No => typeof v === 'object' && v !== null && !Array.isArray(v);

export type Resposta = [number, unknown];

export interface Notificacao {
  tipo: 'rec' | 'cobr';
  url: string;
  corpo: No;
  status?: number;
  erro?: string;
}

export interface DepsAutomatico {
  recebedor: { cnpj: string; nome: string };
  /** The receiver's PSP's ISPB (idRec and endToEndId carry it). */
  ispb: string;
  problema: (status: number, title: string, detail: string) => unknown;
  /** POSTs a notification to the URL, retrying; records it. */
  notificar: (n: Notificacao) => Promise<void>;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const VALOR = /^\d{1,10}\.\d{2}$/;
const DIA = /^\d{4}-\d{2}-\d{2}$/;
const ALFANUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const aleatorio = (n: number) => [...randomBytes(n)].map((b) => ALFANUM[b % ALFANUM.length]).join('');
const diaDe = (d: Date) => d.toISOString().slice(0, 10);

export interface PixAutomatico {
  /** The API's answer for a Pix Automático path, or undefined when the path is not one. */
  api: (metodo: string, caminho: string, corpo: No) => Resposta | undefined;
  recorrencia: (idRec: string) => No | undefined;
  cobrancaRecorrente: (txid: string) => No | undefined;
  /** The payer, in their bank app, approves or refuses the confirmation request of `idRec`. */
  responderSolicitacao: (idRec: string, resposta: 'APROVADA' | 'REJEITADA', o?: { perderWebhook?: boolean }) => Promise<void>;
  /** The payer's PSP settles the recurring charge on its due date, or fails to (`falhar`). */
  debitar: (txid: string, o?: { falhar?: boolean; perderWebhook?: boolean }) => Promise<No>;
}

export function criarPixAutomatico(d: DepsAutomatico): PixAutomatico {
  const recs = new Map<string, No>();
  const solicitacoes = new Map<string, No>();
  const cobrs = new Map<string, No>();
  const webhooks: Record<'rec' | 'cobr', { webhookUrl: string; criacao: string } | undefined> = { rec: undefined, cobr: undefined };
  const agora = () => new Date().toISOString();
  const novoIdRec = () => `RR${d.ispb}${diaDe(new Date()).replaceAll('-', '')}${aleatorio(11)}`;

  async function notificar(tipo: 'rec' | 'cobr', item: No) {
    const w = webhooks[tipo];
    if (!w) return;
    const corpo = tipo === 'rec' ? { recs: [notificacaoRec(item)] } : { cobsr: [notificacaoCobr(item)] };
    await d.notificar({ tipo, url: `${w.webhookUrl.replace(/\/$/, '')}/${tipo}`, corpo });
  }
  const notificacaoRec = (r: No): No => ({
    idRec: r.idRec,
    status: r.status,
    atualizacao: r.atualizacao,
    ...(r.encerramento ? { encerramento: r.encerramento } : {}),
  });
  /** What a '/cobr' notification carries: the state, its attempts and, once paid, the Pix. */
  const notificacaoCobr = (c: No): No =>
    Object.fromEntries(
      Object.entries(c).filter(([k]) => ['idRec', 'txid', 'status', 'atualizacao', 'encerramento', 'tentativas', 'pix'].includes(k)),
    );
  const mudar = (item: No, status: string, extra: No = {}) => {
    Object.assign(item, extra, { status, atualizacao: [...(item.atualizacao as No[]), { status, data: agora() }] });
  };

  function criarRec(b: No): Resposta {
    const v = ehNo(b.vinculo) ? b.vinculo : undefined;
    const dev = v && ehNo(v.devedor) ? v.devedor : undefined;
    const cal = ehNo(b.calendario) ? b.calendario : undefined;
    const valorRec = ehNo(b.valor) ? b.valor.valorRec : undefined;
    if (!v || typeof v.contrato !== 'string' || !dev || typeof dev.nome !== 'string' || !/^\d{11}$/.test(String(dev.cpf)))
      return [400, d.problema(400, 'Recorrência inválida.', 'vinculo.contrato e vinculo.devedor (cpf, nome) são obrigatórios.')];
    if (
      !cal ||
      !DIA.test(String(cal.dataInicial)) ||
      !['SEMANAL', 'MENSAL', 'TRIMESTRAL', 'SEMESTRAL', 'ANUAL'].includes(String(cal.periodicidade))
    )
      return [400, d.problema(400, 'Recorrência inválida.', 'calendario.dataInicial e calendario.periodicidade são obrigatórios.')];
    if (valorRec !== undefined && !VALOR.test(String(valorRec)))
      return [400, d.problema(400, 'Recorrência inválida.', 'valor.valorRec inválido.')];
    const idRec = novoIdRec();
    const rec: No = {
      idRec,
      vinculo: v,
      calendario: cal,
      ...(ehNo(b.valor) ? { valor: b.valor } : {}),
      politicaRetentativa: b.politicaRetentativa ?? 'NAO_PERMITE',
      recebedor: d.recebedor,
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: agora() }],
    };
    recs.set(idRec, rec);
    return [201, rec];
  }

  function criarSolicitacao(b: No): Resposta {
    const rec = typeof b.idRec === 'string' ? recs.get(b.idRec) : undefined;
    const dest = ehNo(b.destinatario) ? b.destinatario : undefined;
    const cal = ehNo(b.calendario) ? b.calendario : undefined;
    if (!rec) return [404, d.problema(404, 'Recorrência não encontrada.', 'Nenhuma recorrência com este idRec.')];
    if (rec.status !== 'CRIADA') return [400, d.problema(400, 'Solicitação inválida.', 'A recorrência não aguarda confirmação.')];
    if (
      !dest ||
      typeof dest.conta !== 'string' ||
      !/^[0-9A-Z]{8}$/.test(String(dest.ispbParticipante)) ||
      !/^\d{11}$/.test(String(dest.cpf))
    )
      return [400, d.problema(400, 'Solicitação inválida.', 'destinatario (conta, ispbParticipante, cpf) é obrigatório.')];
    if (!cal || Number.isNaN(Date.parse(String(cal.dataExpiracaoSolicitacao))))
      return [400, d.problema(400, 'Solicitação inválida.', 'calendario.dataExpiracaoSolicitacao é obrigatório.')];
    const idSolicRec = `SC${d.ispb}${diaDe(new Date()).replaceAll('-', '')}${aleatorio(11)}`;
    const { status: _s, loc: _l, ...payload } = rec;
    const solic: No = {
      idSolicRec,
      idRec: rec.idRec,
      calendario: { dataExpiracaoSolicitacao: cal.dataExpiracaoSolicitacao },
      destinatario: dest,
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: agora() }],
      recPayload: { ...payload, recebedor: { ...d.recebedor, ispbParticipante: d.ispb } },
    };
    solicitacoes.set(idSolicRec, solic);
    return [201, solic];
  }

  function criarCobr(txid: string, b: No): Resposta {
    if (!TXID.test(txid)) return [400, d.problema(400, 'Requisição inválida.', 'O txid deve ter de 26 a 35 letras e dígitos.')];
    if (cobrs.has(txid)) return [400, d.problema(400, 'Cobrança inválida.', 'Já existe uma cobrança com este txid.')];
    const rec = typeof b.idRec === 'string' ? recs.get(b.idRec) : undefined;
    if (!rec || rec.status !== 'APROVADA') return [400, d.problema(400, 'Cobrança inválida.', 'A recorrência não está aprovada.')];
    const cal = ehNo(b.calendario) ? b.calendario : {};
    const original = ehNo(b.valor) ? b.valor.original : undefined;
    const receb = ehNo(b.recebedor) ? b.recebedor : undefined;
    if (!DIA.test(String(cal.dataDeVencimento)) || typeof original !== 'string' || !VALOR.test(original))
      return [400, d.problema(400, 'Cobrança inválida.', 'calendario.dataDeVencimento e valor.original são obrigatórios.')];
    if (!receb || typeof receb.conta !== 'string' || !['CORRENTE', 'POUPANCA', 'PAGAMENTO'].includes(String(receb.tipoConta)))
      return [400, d.problema(400, 'Cobrança inválida.', 'recebedor (conta, tipoConta) é obrigatório.')];
    const cobr: No = {
      idRec: rec.idRec,
      txid,
      ...(typeof b.infoAdicional === 'string' ? { infoAdicional: b.infoAdicional } : {}),
      calendario: { criacao: diaDe(new Date()), dataDeVencimento: cal.dataDeVencimento },
      valor: { original },
      politicaRetentativa: rec.politicaRetentativa,
      ajusteDiaUtil: b.ajusteDiaUtil ?? true,
      recebedor: { ...receb, ...d.recebedor },
      status: 'CRIADA',
      atualizacao: [{ status: 'CRIADA', data: agora() }],
    };
    // The payer's PSP accepts the schedule at once: the charge is active, its debit requested.
    mudar(cobr, 'ATIVA', {
      tentativas: [
        {
          dataLiquidacao: cal.dataDeVencimento,
          tipo: 'AGND',
          endToEndId: `E${d.ispb}${String(cal.dataDeVencimento).replaceAll('-', '')}0000${aleatorio(11)}`,
          status: 'SOLICITADA',
          atualizacao: [{ status: 'SOLICITADA', data: agora() }],
        },
      ],
    });
    cobrs.set(txid, cobr);
    return [201, cobr];
  }

  function webhook(tipo: 'rec' | 'cobr', metodo: string, b: No): Resposta {
    if (metodo === 'PUT') {
      if (typeof b.webhookUrl !== 'string' || !/^https?:\/\//.test(b.webhookUrl))
        return [400, d.problema(400, 'Webhook inválido.', 'webhookUrl deve ser uma URL.')];
      webhooks[tipo] = { webhookUrl: b.webhookUrl, criacao: agora() };
      return [200, undefined];
    }
    const w = webhooks[tipo];
    if (!w) return [404, d.problema(404, 'Webhook não encontrado.', 'Nenhum webhook configurado.')];
    if (metodo === 'GET') return [200, w];
    if (metodo === 'DELETE') {
      webhooks[tipo] = undefined;
      return [204, undefined];
    }
    return [404, d.problema(404, 'Não encontrado.', 'Método inexistente.')];
  }

  function api(metodo: string, caminho: string, b: No): Resposta | undefined {
    const m = /^\/api\/(rec|solicrec|cobr|webhookrec|webhookcobr)(?:\/([^/]+))?$/.exec(caminho);
    if (!m) return undefined;
    const [, recurso, id] = m;
    if (recurso === 'webhookrec' || recurso === 'webhookcobr')
      return id ? undefined : webhook(recurso === 'webhookrec' ? 'rec' : 'cobr', metodo, b);
    if (recurso === 'rec') {
      if (!id) return metodo === 'POST' ? criarRec(b) : undefined;
      const rec = recs.get(id);
      if (!rec) return [404, d.problema(404, 'Recorrência não encontrada.', 'Nenhuma recorrência com este idRec.')];
      if (metodo === 'GET') return [200, rec];
      if (metodo === 'PATCH' && b.status === 'CANCELADA') {
        if (['CANCELADA', 'REJEITADA', 'EXPIRADA'].includes(String(rec.status)))
          return [400, d.problema(400, 'Recorrência inválida.', 'A recorrência já está encerrada.')];
        mudar(rec, 'CANCELADA', {
          encerramento: {
            cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo usuário recebedor.' },
          },
        });
        void notificar('rec', rec);
        return [200, rec];
      }
      return [400, d.problema(400, 'Requisição inválida.', 'Alteração não suportada.')];
    }
    if (recurso === 'solicrec') {
      if (!id) return metodo === 'POST' ? criarSolicitacao(b) : undefined;
      const s = solicitacoes.get(id);
      if (!s) return [404, d.problema(404, 'Solicitação não encontrada.', 'Nenhuma solicitação com este id.')];
      return metodo === 'GET' ? [200, s] : [400, d.problema(400, 'Requisição inválida.', 'Alteração não suportada.')];
    }
    if (!id) return undefined;
    if (metodo === 'PUT') return criarCobr(id, b);
    const c = cobrs.get(id);
    if (!c) return [404, d.problema(404, 'Cobrança não encontrada.', 'Nenhuma cobrança recorrente com este txid.')];
    if (metodo === 'GET') return [200, c];
    if (metodo === 'PATCH' && b.status === 'CANCELADA' && ['CRIADA', 'ATIVA'].includes(String(c.status))) {
      mudar(c, 'CANCELADA', {
        encerramento: {
          cancelamento: { solicitante: 'USUARIO_RECEBEDOR', codigo: 'SLCR', descricao: 'Cancelada pelo usuário recebedor.' },
        },
      });
      return [200, c];
    }
    return [400, d.problema(400, 'Requisição inválida.', 'Alteração não suportada.')];
  }

  return {
    api,
    recorrencia: (idRec) => recs.get(idRec),
    cobrancaRecorrente: (txid) => cobrs.get(txid),
    responderSolicitacao: async (idRec, resposta, o = {}) => {
      const rec = recs.get(idRec);
      if (!rec || rec.status !== 'CRIADA') throw new Error(`recorrência ${idRec} não aguarda confirmação`);
      for (const s of solicitacoes.values())
        if (s.idRec === idRec && s.status === 'CRIADA') mudar(s, resposta === 'APROVADA' ? 'ACEITA' : 'REJEITADA');
      mudar(
        rec,
        resposta,
        resposta === 'REJEITADA' ? { encerramento: { rejeicao: { codigo: 'AP13', descricao: 'Recusada pelo usuário pagador.' } } } : {},
      );
      if (!o.perderWebhook) await notificar('rec', rec);
    },
    debitar: async (txid, o = {}) => {
      const c = cobrs.get(txid);
      if (!c || c.status !== 'ATIVA') throw new Error(`cobrança recorrente ${txid} não está ativa`);
      const tentativas = Array.isArray(c.tentativas) ? (c.tentativas as No[]) : [];
      const tentativa = tentativas.at(-1);
      if (tentativa) mudar(tentativa, o.falhar ? 'REJEITADA' : 'PAGA');
      if (o.falhar)
        mudar(c, 'REJEITADA', { encerramento: { rejeicao: { codigo: 'AM02', descricao: 'Débito não realizado pelo PSP do pagador.' } } });
      else {
        const valor = ehNo(c.valor) ? String(c.valor.original) : '0.00';
        const e2e = typeof tentativa?.endToEndId === 'string' ? tentativa.endToEndId : `E${d.ispb}${aleatorio(23)}`;
        mudar(c, 'CONCLUIDA', { pix: [{ endToEndId: e2e, txid, valor, horario: agora() }] });
      }
      if (!o.perderWebhook) await notificar('cobr', c);
      return c;
    },
  };
}
