import * as z from '@rastro/shared/zod';
import { ID_MAX, LIMITES, PLANO } from '../constants';
import { MSG_PIX, PIX_AUTOMATICO } from '../pix';
import { MSG } from '../messages';
import { isDataValida } from '../validators';
import { nomeado, paginacaoQuerySchema, pageSchema } from './common';
import { obrigatorio, opcional } from './fields';

export const PERIODOS_PLANO = ['MENSAL', 'ANUAL'] as const;
export type PeriodoPlano = (typeof PERIODOS_PLANO)[number];

/** A subscription plan as the API answers it (GET /api/planos). Money in integer centavos. */
export const planoSchema = nomeado(
  'Plano',
  z.object({
    id: z.int(),
    nome: z.string(),
    descricao: z.nullable(z.string()),
    valorCentavos: z.int(),
    periodo: z.enum(PERIODOS_PLANO),
    diasCarencia: z.int(),
    ativo: z.boolean(),
    dataCadastro: z.string(),
  }),
);
export type Plano = z.infer<typeof planoSchema>;

/** POST /api/planos and PUT /api/planos/{id}. */
export const planoFormSchema = z.object({
  nome: obrigatorio(PLANO.nomeMax),
  descricao: opcional(PLANO.descricaoMax),
  valorCentavos: z
    .number({ error: MSG.campoObrigatorio })
    .check(
      z.int(MSG.valorCentavosInvalido),
      z.gte(PLANO.valorMinCentavos, MSG.valorCentavosInvalido),
      z.lte(PLANO.valorMaxCentavos, MSG.valorCentavosInvalido),
    ),
  periodo: z.enum(PERIODOS_PLANO, { error: MSG.campoInvalido }),
  diasCarencia: z._default(
    z
      .number({ error: MSG.campoInvalido })
      .check(z.int(MSG.diasCarenciaInvalido), z.gte(0, MSG.diasCarenciaInvalido), z.lte(PLANO.diasCarenciaMax, MSG.diasCarenciaInvalido)),
    PLANO.diasCarenciaPadrao,
  ),
});
export type PlanoForm = z.infer<typeof planoFormSchema>;

/** GET /api/planos: `inativos=true` (PER300 only) lists the deactivated ones too. */
export const planosQuerySchema = z.object({
  inativos: z._default(z.enum(['true', 'false'], { error: MSG.campoInvalido }), 'false'),
});

export const FORMAS_PAGAMENTO = ['PIX', 'PIX_AUTOMATICO'] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export const SITUACOES_ASSINATURA = ['ATIVA', 'SUSPENSA', 'CANCELADA'] as const;
export type SituacaoAssinatura = (typeof SITUACOES_ASSINATURA)[number];
export const SITUACOES_COBRANCA = ['PENDENTE', 'PAGO', 'VENCIDO', 'CANCELADO', 'DEVOLVIDO'] as const;
export type SituacaoCobranca = (typeof SITUACOES_COBRANCA)[number];
/**
 * Pix Automático's authorisation (API Pix recurrence `status`): AGUARDANDO the owner in the bank
 * app, APROVADA (each period is then debited), or REJEITADA, EXPIRADA, CANCELADA (the charges go
 * on by Pix with a code).
 */
export const SITUACOES_AUTORIZACAO = ['AGUARDANDO', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'] as const;
export type SituacaoAutorizacao = (typeof SITUACOES_AUTORIZACAO)[number];

/** 'YYYY-MM-DD', a real calendar day (the rule of every date field). */
const dia = z.string().check(
  z.refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m !== null && isDataValida(`${m[3]}/${m[2]}/${m[1]}`);
  }, MSG.dataInvalida),
);

/** A pet's subscription, as its owner and its guardians see it (only the owner changes it). */
export const assinaturaSchema = nomeado(
  'Assinatura',
  z.object({
    id: z.int(),
    /** The pet (owner's link); null once the tracker was unlinked. */
    usuarioRastreadorId: z.nullable(z.int()),
    pet: z.string(),
    planoId: z.int(),
    plano: z.string(),
    valorCentavos: z.int(),
    periodo: z.enum(PERIODOS_PLANO),
    forma: z.enum(FORMAS_PAGAMENTO),
    situacao: z.enum(SITUACOES_ASSINATURA),
    inicio: z.string(),
    /** The last day paid for; null before the first payment. */
    pagoAte: z.nullable(z.string()),
    /** Cancelled by the owner: it ends when the paid period does. */
    cancelarNoFim: z.boolean(),
    /** Pix Automático's authorisation; null when paid by Pix each period. */
    autorizacao: z.nullable(z.enum(SITUACOES_AUTORIZACAO)),
    papel: z.enum(['DONO', 'GUARDIAO']),
  }),
);
export type Assinatura = z.infer<typeof assinaturaSchema>;

/** The owner's account a Pix Automático authorisation is asked of: the bank's ISPB, branch (optional) and account, digits. */
export const contaPagadorSchema = z.object({
  ispb: z.string({ error: MSG_PIX.bancoInvalido }).check(z.regex(/^[0-9A-Z]{8}$/, MSG_PIX.bancoInvalido)),
  agencia: z.optional(
    z.nullable(
      z
        .string({ error: MSG_PIX.agenciaInvalida })
        .check(z.regex(new RegExp(`^\\d{0,${PIX_AUTOMATICO.agenciaMax}}$`), MSG_PIX.agenciaInvalida)),
    ),
  ),
  conta: z
    .string({ error: MSG_PIX.contaInvalida })
    .check(z.regex(new RegExp(`^\\d{1,${PIX_AUTOMATICO.contaMax}}$`), MSG_PIX.contaInvalida)),
});
export type ContaPagador = z.infer<typeof contaPagadorSchema>;

/** POST /api/usuarios/assinaturas: `contaPagador` is required with PIX_AUTOMATICO (and ignored with PIX). */
export const assinaturaFormSchema = z
  .object({
    usuarioRastreadorId: z.int({ error: MSG.campoObrigatorio }).check(z.positive(MSG.campoInvalido), z.lte(ID_MAX, MSG.campoInvalido)),
    planoId: z.int({ error: MSG.campoObrigatorio }).check(z.positive(MSG.campoInvalido), z.lte(ID_MAX, MSG.campoInvalido)),
    forma: z.enum(FORMAS_PAGAMENTO, { error: MSG.campoInvalido }),
    contaPagador: z.optional(contaPagadorSchema),
  })
  .check(
    z.refine((f) => f.forma !== 'PIX_AUTOMATICO' || f.contaPagador !== undefined, {
      error: MSG_PIX.contaPagadorObrigatoria,
      path: ['contaPagador'],
    }),
  );
export type AssinaturaForm = z.infer<typeof assinaturaFormSchema>;

/** One charge, as its owner sees it (GET /api/usuarios/pagamentos): pays it with the "Pix copia e cola" code or its QR code. */
export const pagamentoSchema = nomeado(
  'Pagamento',
  z.object({
    id: z.int(),
    assinaturaId: z.int(),
    pet: z.string(),
    valorCentavos: z.int(),
    vencimento: z.string(),
    situacao: z.enum(SITUACOES_COBRANCA),
    pixCopiaECola: z.nullable(z.string()),
    pagoEm: z.nullable(z.string()),
    txid: z.string(),
    /** Pix Automático: the owner's bank debits it on the due date (no code to pay). */
    debitoAutomatico: z.boolean(),
  }),
);
export type Pagamento = z.infer<typeof pagamentoSchema>;
export const pagamentoPageSchema = pageSchema(pagamentoSchema);
export const pagamentosQuerySchema = paginacaoQuerySchema(['vencimento', 'valorCentavos', 'situacao'] as const, 'vencimento', 'desc');

/** A charge as the payments' administrators see it (GET /api/pagamentos). */
export const pagamentoAdminSchema = nomeado(
  'PagamentoAdmin',
  z.extend(pagamentoSchema, {
    usuarioId: z.int(),
    usuarioNome: z.string(),
    usuarioEmail: z.string(),
    periodoInicio: z.string(),
    periodoFim: z.string(),
    /** What arrived, when it differs from the amount charged (then `divergente`). */
    valorPagoCentavos: z.nullable(z.int()),
    divergente: z.boolean(),
    baixaManual: z.boolean(),
    baixaObservacao: z.nullable(z.string()),
  }),
);
export type PagamentoAdmin = z.infer<typeof pagamentoAdminSchema>;

/** Totals of the filtered charges, in centavos, by situation. */
export const totaisPagamentosSchema = z.object({
  pendenteCentavos: z.int(),
  pagoCentavos: z.int(),
  vencidoCentavos: z.int(),
});
export const pagamentoAdminPageSchema = z.extend(pageSchema(pagamentoAdminSchema), { totais: totaisPagamentosSchema });
export type PagamentoAdminPage = z.infer<typeof pagamentoAdminPageSchema>;

/** GET /api/pagamentos: situação, usuário (name or e-mail, part of it), due between two days. */
export const pagamentosAdminQuerySchema = z.extend(
  paginacaoQuerySchema(['vencimento', 'valorCentavos', 'situacao', 'usuarioNome'] as const, 'vencimento', 'desc'),
  {
    situacao: z.optional(z.enum(SITUACOES_COBRANCA, { error: MSG.campoInvalido })),
    usuario: z.optional(opcional(LIMITES.nome)),
    vencimentoDe: z.optional(dia),
    vencimentoAte: z.optional(dia),
  },
);
export type PagamentosAdminQuery = z.infer<typeof pagamentosAdminQuerySchema>;

/** POST /api/pagamentos/{id}/baixa: why the charge is settled by hand (required; audited). */
export const baixaFormSchema = z.object({ observacao: obrigatorio(PLANO.descricaoMax) });
export type BaixaForm = z.infer<typeof baixaFormSchema>;

/** GET /api/relatorios/pagamentos (PER300, the dashboard): money in centavos. */
export const resumoPagamentosSchema = nomeado(
  'ResumoPagamentos',
  z.object({
    /** Open charges not yet due. */
    aReceberCentavos: z.int(),
    /** Paid within the dashboard's period. */
    recebidoCentavos: z.int(),
    /** Past their due date, unpaid. */
    vencidoCentavos: z.int(),
    /** Monthly recurring revenue: every subscription in force, a yearly one as a twelfth. */
    receitaMensalCentavos: z.int(),
    assinaturasAtivas: z.int(),
    assinaturasSuspensas: z.int(),
  }),
);
export type ResumoPagamentos = z.infer<typeof resumoPagamentosSchema>;
