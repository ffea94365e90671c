import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tz } from '../../db/colunas';
import { vinculos } from '../meus-rastreadores/schema';
import { usuarios } from '../usuarios/schema';

/** A subscription plan: price in centavos per period; deactivated, never deleted. */
export const planos = pgTable(
  'planos',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 60 }).notNull(),
    descricao: varchar('descricao', { length: 500 }),
    valorCentavos: integer('valor_centavos').notNull(),
    /** MENSAL or ANUAL. */
    periodo: varchar('periodo', { length: 10 }).notNull(),
    diasCarencia: integer('dias_carencia').notNull().default(7),
    ativo: boolean('ativo').notNull().default(true),
    usuarioCadastroId: integer('usuario_cadastro_id').references(() => usuarios.id),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [
    check('planos_valor_positivo', sql`${t.valorCentavos} > 0`),
    check('planos_periodo', sql`${t.periodo} IN ('MENSAL', 'ANUAL')`),
    check('planos_dias_carencia', sql`${t.diasCarencia} BETWEEN 0 AND 60`),
  ],
);

/** One pet's subscription (an owner's link): the plan's price, period and grace days as they were. */
export const assinaturas = pgTable(
  'assinaturas',
  {
    id: serial('id').primaryKey(),
    /** Null once the link is gone (the tracker was unlinked); the history stays. */
    usuarioRastreadorId: integer('usuario_rastreador_id').references(() => vinculos.id, { onDelete: 'set null' }),
    /** The owner, who pays. */
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    /** The pet's name when subscribed (the charges show it after the link is gone). */
    pet: varchar('pet', { length: 150 }).notNull(),
    planoId: integer('plano_id')
      .notNull()
      .references(() => planos.id),
    valorCentavos: integer('valor_centavos').notNull(),
    periodo: varchar('periodo', { length: 10 }).notNull(),
    diasCarencia: integer('dias_carencia').notNull(),
    /** PIX (a charge each period) or PIX_AUTOMATICO (authorised once in the bank app). */
    forma: varchar('forma', { length: 15 }).notNull(),
    /** ATIVA, SUSPENSA (a charge past its grace days) or CANCELADA. */
    situacao: varchar('situacao', { length: 12 }).notNull().default('ATIVA'),
    inicio: date('inicio', { mode: 'string' }).notNull(),
    /** The last day paid for; null before the first payment. */
    pagoAte: date('pago_ate', { mode: 'string' }),
    /** Cancelled by the owner: ends when the paid period does. */
    cancelarNoFim: boolean('cancelar_no_fim').notNull().default(false),
    canceladaEm: tz('cancelada_em'),
    suspensaEm: tz('suspensa_em'),
    /** Pix Automático: the recurrence at the PSP, the owner's authorisation of it and when it last changed. */
    idRec: varchar('id_rec', { length: 29 }),
    /** AGUARDANDO, APROVADA, REJEITADA, EXPIRADA or CANCELADA; null for PIX. */
    autorizacao: varchar('autorizacao', { length: 10 }),
    autorizacaoEm: tz('autorizacao_em'),
    criadoEm: tz('criado_em').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assinaturas_id_rec').on(t.idRec),
    uniqueIndex('assinaturas_uma_por_vinculo')
      .on(t.usuarioRastreadorId)
      .where(sql`${t.situacao} <> 'CANCELADA'`),
    index('assinaturas_usuario_idx').on(t.usuarioId),
    check('assinaturas_valor_positivo', sql`${t.valorCentavos} > 0`),
    check('assinaturas_periodo', sql`${t.periodo} IN ('MENSAL', 'ANUAL')`),
    check('assinaturas_forma', sql`${t.forma} IN ('PIX', 'PIX_AUTOMATICO')`),
    check('assinaturas_situacao', sql`${t.situacao} IN ('ATIVA', 'SUSPENSA', 'CANCELADA')`),
    check('assinaturas_autorizacao', sql`${t.autorizacao} IN ('AGUARDANDO', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA')`),
  ],
);

/** One period's charge of a subscription: created once, paid once (txid and endToEndId unique). */
export const cobrancas = pgTable(
  'cobrancas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    assinaturaId: integer('assinatura_id')
      .notNull()
      .references(() => assinaturas.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    txid: varchar('txid', { length: 35 }).notNull().unique(),
    valorCentavos: integer('valor_centavos').notNull(),
    periodoInicio: date('periodo_inicio', { mode: 'string' }).notNull(),
    periodoFim: date('periodo_fim', { mode: 'string' }).notNull(),
    vencimento: date('vencimento', { mode: 'string' }).notNull(),
    /** PENDENTE, PAGO, VENCIDO, CANCELADO or DEVOLVIDO. */
    situacao: varchar('situacao', { length: 10 }).notNull().default('PENDENTE'),
    pixCopiaECola: text('pix_copia_e_cola'),
    pagoEm: tz('pago_em'),
    endToEndId: varchar('end_to_end_id', { length: 32 }).unique(),
    /** What arrived, when it was not the amount charged (then `divergente`). */
    valorPagoCentavos: integer('valor_pago_centavos'),
    divergente: boolean('divergente').notNull().default(false),
    /** Settled by hand: who, and why (the audit log has when and from where). */
    baixaUsuarioId: integer('baixa_usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    baixaObservacao: varchar('baixa_observacao', { length: 500 }),
    /** Reminders sent: 1 three days before, 2 on the due date (bits). */
    lembretes: smallint('lembretes').notNull().default(0),
    /** PSP mode: when the PSP took the charge (`PUT /cobv` or `/cob`); null until then, and in static mode. */
    pspRegistradaEm: tz('psp_registrada_em'),
    /** Pix Automático: scheduled at the PSP (`PUT /cobr`); the payer's bank debits it on the due date, no code. */
    debitoAutomatico: boolean('debito_automatico').notNull().default(false),
    /** A debit the payer's bank refused: the charge goes on with a code, never scheduled again. */
    debitoRecusado: boolean('debito_recusado').notNull().default(false),
    criadoEm: tz('criado_em').notNull().defaultNow(),
  },
  (t) => [
    unique('cobrancas_um_por_periodo').on(t.assinaturaId, t.periodoInicio),
    index('cobrancas_usuario_idx').on(t.usuarioId, t.vencimento),
    index('cobrancas_abertas_idx')
      .on(t.vencimento)
      .where(sql`${t.situacao} IN ('PENDENTE', 'VENCIDO')`),
    index('cobrancas_abertas_no_psp')
      .on(t.pspRegistradaEm)
      .where(sql`${t.situacao} IN ('PENDENTE', 'VENCIDO')`),
    check('cobrancas_valor_positivo', sql`${t.valorCentavos} > 0`),
    check('cobrancas_situacao', sql`${t.situacao} IN ('PENDENTE', 'PAGO', 'VENCIDO', 'CANCELADO', 'DEVOLVIDO')`),
  ],
);
