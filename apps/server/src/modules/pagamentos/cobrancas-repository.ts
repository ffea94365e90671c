import { and, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { comTotal, contagem, escaparLike } from '../../db/listas';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { vVinculos } from '../meus-rastreadores/leitura';
import { vUsuarios } from '../usuarios/leitura';
import { assinaturas, cobrancas } from './schema';

const pet = sql<string>`coalesce(${vVinculos.descricao}, ${assinaturas.pet})`;
const colunas = {
  id: cobrancas.id,
  assinaturaId: cobrancas.assinaturaId,
  pet,
  valorCentavos: cobrancas.valorCentavos,
  vencimento: cobrancas.vencimento,
  situacao: cobrancas.situacao,
  pixCopiaECola: cobrancas.pixCopiaECola,
  pagoEm: cobrancas.pagoEm,
  txid: cobrancas.txid,
  debitoAutomatico: cobrancas.debitoAutomatico,
};
const colunasAdmin = {
  ...colunas,
  usuarioId: cobrancas.usuarioId,
  usuarioNome: vUsuarios.nome,
  usuarioEmail: vUsuarios.email,
  periodoInicio: cobrancas.periodoInicio,
  periodoFim: cobrancas.periodoFim,
  valorPagoCentavos: cobrancas.valorPagoCentavos,
  divergente: cobrancas.divergente,
  baixaUsuarioId: cobrancas.baixaUsuarioId,
  baixaObservacao: cobrancas.baixaObservacao,
};

export type LinhaCobranca = Awaited<ReturnType<typeof cobrancasDoUsuario>>['rows'][number];
export type LinhaCobrancaAdmin = Awaited<ReturnType<typeof listarCobrancas>>['rows'][number];

/** This owner's charges, newest due date first by default. */
export async function cobrancasDoUsuario(db: Executor, usuarioId: number, p: Paginacao) {
  const where = eq(cobrancas.usuarioId, usuarioId);
  return comTotal(
    db
      .select(colunas)
      .from(cobrancas)
      .innerJoin(assinaturas, eq(assinaturas.id, cobrancas.assinaturaId))
      .leftJoin(vVinculos, eq(vVinculos.id, assinaturas.usuarioRastreadorId))
      .where(where)
      .orderBy(
        ...ordenacao(
          { vencimento: cobrancas.vencimento, valorCentavos: cobrancas.valorCentavos, situacao: cobrancas.situacao },
          cobrancas.id,
          p,
        ),
      )
      .limit(p.size)
      .offset(p.page * p.size),
    db.select(contagem).from(cobrancas).where(where),
  );
}

export interface FiltroCobrancas extends Paginacao {
  situacao?: string | undefined;
  usuario?: string | undefined;
  vencimentoDe?: string | undefined;
  vencimentoAte?: string | undefined;
}

function condicoes(f: FiltroCobrancas): SQL | undefined {
  const c: SQL[] = [];
  if (f.situacao) c.push(eq(cobrancas.situacao, f.situacao));
  if (f.vencimentoDe) c.push(gte(cobrancas.vencimento, f.vencimentoDe));
  if (f.vencimentoAte) c.push(lte(cobrancas.vencimento, f.vencimentoAte));
  if (f.usuario) {
    const termo = `%${escaparLike(f.usuario)}%`;
    const quem = or(ilike(vUsuarios.nome, termo), ilike(vUsuarios.email, termo));
    if (quem) c.push(quem);
  }
  return c.length ? and(...c) : undefined;
}

/** Every charge, filtered (situation, user's name or e-mail, due between two days), with the filtered totals by situation. */
export async function listarCobrancas(db: Executor, f: FiltroCobrancas) {
  const where = condicoes(f);
  const ordem = {
    vencimento: cobrancas.vencimento,
    valorCentavos: cobrancas.valorCentavos,
    situacao: cobrancas.situacao,
    usuarioNome: vUsuarios.nome,
  };
  const [pagina, [totais]] = await Promise.all([
    comTotal(
      db
        .select(colunasAdmin)
        .from(cobrancas)
        .innerJoin(assinaturas, eq(assinaturas.id, cobrancas.assinaturaId))
        .innerJoin(vUsuarios, eq(vUsuarios.id, cobrancas.usuarioId))
        .leftJoin(vVinculos, eq(vVinculos.id, assinaturas.usuarioRastreadorId))
        .where(where)
        .orderBy(...ordenacao(ordem, cobrancas.id, f))
        .limit(f.size)
        .offset(f.page * f.size),
      db.select(contagem).from(cobrancas).innerJoin(vUsuarios, eq(vUsuarios.id, cobrancas.usuarioId)).where(where),
    ),
    db
      .select({
        pendente: sql<number>`coalesce(sum(${cobrancas.valorCentavos}) filter (where ${cobrancas.situacao} = 'PENDENTE'), 0)::bigint`,
        pago: sql<number>`coalesce(sum(coalesce(${cobrancas.valorPagoCentavos}, ${cobrancas.valorCentavos})) filter (where ${cobrancas.situacao} = 'PAGO'), 0)::bigint`,
        vencido: sql<number>`coalesce(sum(${cobrancas.valorCentavos}) filter (where ${cobrancas.situacao} = 'VENCIDO'), 0)::bigint`,
      })
      .from(cobrancas)
      .innerJoin(vUsuarios, eq(vUsuarios.id, cobrancas.usuarioId))
      .where(where),
  ]);
  return {
    ...pagina,
    totais: { pendente: Number(totais?.pendente ?? 0), pago: Number(totais?.pago ?? 0), vencido: Number(totais?.vencido ?? 0) },
  };
}

/** Locks the charge until the transaction ends: one settlement at a time. */
export async function buscarCobranca(db: Executor, id: number) {
  const [row] = await db.select().from(cobrancas).where(eq(cobrancas.id, id));
  return row;
}

export async function travarCobranca(db: Executor, id: number) {
  const [row] = await db.select().from(cobrancas).where(eq(cobrancas.id, id)).for('update');
  return row;
}

export async function buscarCobrancaAdmin(db: Executor, id: number) {
  const [row] = await db
    .select(colunasAdmin)
    .from(cobrancas)
    .innerJoin(assinaturas, eq(assinaturas.id, cobrancas.assinaturaId))
    .innerJoin(vUsuarios, eq(vUsuarios.id, cobrancas.usuarioId))
    .leftJoin(vVinculos, eq(vVinculos.id, assinaturas.usuarioRastreadorId))
    .where(eq(cobrancas.id, id));
  return row;
}

export async function atualizarCobranca(db: Executor, id: number, v: Partial<typeof cobrancas.$inferInsert>) {
  await db.update(cobrancas).set(v).where(eq(cobrancas.id, id));
}

export type NovaCobranca = typeof cobrancas.$inferInsert;

/** Creates these charges; one already there for the same subscription and period start is left as it is. */
export async function inserirCobrancas(db: Executor, novas: readonly NovaCobranca[]) {
  if (novas.length === 0) return 0;
  const rows = await db
    .insert(cobrancas)
    .values([...novas])
    .onConflictDoNothing()
    .returning({ id: cobrancas.id });
  return rows.length;
}

/**
 * Active subscriptions whose next period starts by `ate` (none cancelled at the end of the paid
 * period): the start of the last period charged, or none yet. At most `limite`, after `depoisDe`.
 */
export function assinaturasParaCobrar(db: Executor, ate: string, depoisDe: number, limite: number) {
  return db
    .select({
      id: assinaturas.id,
      usuarioId: assinaturas.usuarioId,
      pet: assinaturas.pet,
      inicio: assinaturas.inicio,
      periodo: assinaturas.periodo,
      valorCentavos: assinaturas.valorCentavos,
      // Spelled out: in a select list drizzle leaves a column unqualified, and inside the subquery `id` would be the charge's.
      ultimoFim: sql<string | null>`(select max(c.periodo_fim)::text from cobrancas c where c.assinatura_id = "assinaturas"."id")`,
    })
    .from(assinaturas)
    .where(
      and(
        eq(assinaturas.situacao, 'ATIVA'),
        eq(assinaturas.cancelarNoFim, false),
        sql`${assinaturas.id} > ${depoisDe}`,
        sql`coalesce((select max(c.periodo_fim) from cobrancas c where c.assinatura_id = ${assinaturas.id}) + 1, ${assinaturas.inicio}) <= ${ate}::date`,
      ),
    )
    .orderBy(assinaturas.id)
    .limit(limite);
}

/** Pending charges past their due date become VENCIDO; returns how many. */
export async function marcarVencidas(db: Executor, hoje: string) {
  const rows = await db
    .update(cobrancas)
    .set({ situacao: 'VENCIDO' })
    .where(and(eq(cobrancas.situacao, 'PENDENTE'), lt(cobrancas.vencimento, hoje)))
    .returning({ id: cobrancas.id });
  return rows.length;
}

/**
 * Suspends, in one statement, the active subscriptions with a charge overdue past their grace days
 * (by `hoje`); returns them. Only ATIVA rows change, so a repeat or another instance finds none.
 */
export function suspenderAtrasadas(db: Executor, hoje: string, agora: Date) {
  return db
    .update(assinaturas)
    .set({ situacao: 'SUSPENSA', suspensaEm: agora })
    .where(
      and(
        eq(assinaturas.situacao, 'ATIVA'),
        sql`exists (select 1 from cobrancas c where c.assinatura_id = ${assinaturas.id} and c.situacao = 'VENCIDO'
          and c.vencimento + ${assinaturas.diasCarencia} < ${hoje}::date)`,
      ),
    )
    .returning({ id: assinaturas.id, usuarioId: assinaturas.usuarioId, usuarioRastreadorId: assinaturas.usuarioRastreadorId });
}

/** Whether the subscription still has a charge overdue past its grace days. */
export async function temVencidaAlemDaCarencia(db: Executor, assinaturaId: number, diasCarencia: number, hoje: string) {
  const [row] = await db
    .select({ id: cobrancas.id })
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.assinaturaId, assinaturaId),
        eq(cobrancas.situacao, 'VENCIDO'),
        sql`${cobrancas.vencimento} + ${diasCarencia}::int < ${hoje}::date`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Closes, in one statement, the subscriptions cancelled at the end of the paid period whose period
 * is over (by `hoje`); returns them with whether they were suspended.
 */
export async function encerrarCanceladas(db: Executor, hoje: string, agora: Date) {
  const rows = await consultar<{ id: number; usuarioRastreadorId: number | null; estavaSuspensa: boolean }>(
    db,
    sql`update assinaturas a set situacao = 'CANCELADA', cancelada_em = ${agora}, suspensa_em = null
        from assinaturas antes
        where antes.id = a.id and a.situacao in ('ATIVA', 'SUSPENSA') and a.cancelar_no_fim
          and coalesce(a.pago_ate, a.inicio - 1) < ${hoje}::date
        returning a.id, a.usuario_rastreador_id as "usuarioRastreadorId", antes.situacao = 'SUSPENSA' as "estavaSuspensa"`,
  );
  return rows;
}

/** Charges of these subscriptions not paid yet are cancelled (the subscriptions ended). */
export async function cancelarAbertas(db: Executor, assinaturaIds: readonly number[]) {
  if (assinaturaIds.length === 0) return;
  await db
    .update(cobrancas)
    .set({ situacao: 'CANCELADO' })
    .where(and(inArray(cobrancas.assinaturaId, [...assinaturaIds]), inArray(cobrancas.situacao, ['PENDENTE', 'VENCIDO'])));
}

/** A reminder to send: the charge, its owner and pet, and which one (1: days before, 2: on the due date). */
export interface Lembrete {
  id: number;
  usuarioId: number;
  rastreadorId: number | null;
  pet: string;
  valorCentavos: number;
  vencimento: string;
  lembrete: 1 | 2;
}

/**
 * Claims the reminders due by `hoje`: a pending charge (not a scheduled Pix Automático debit, which
 * the owner's bank announces itself) gets one `diasAntes` days before it falls
 * due (or later, if the server was off, while it is not due yet) and one on the due date. Marked
 * in the same statement that reads them, so each is sent once whatever instance runs the round.
 */
export async function reservarLembretes(db: Executor, hoje: string, diasAntes: number): Promise<Lembrete[]> {
  const rows = await consultar<Omit<Lembrete, 'lembrete'> & { lembrete: number }>(
    db,
    sql`with devidos as (
          select c.id, case when c.vencimento = ${hoje}::date then 2 else 1 end as lembrete
          from cobrancas c
          where c.situacao = 'PENDENTE' and not c.debito_automatico
            and ((c.vencimento = ${hoje}::date and c.lembretes & 2 = 0)
              or (c.vencimento > ${hoje}::date and c.vencimento - ${diasAntes}::int <= ${hoje}::date and c.lembretes & 1 = 0))
          for update skip locked
        )
        update cobrancas c set lembretes = c.lembretes | d.lembrete
        from devidos d, assinaturas a left join v_vinculos v on v.id = a.usuario_rastreador_id
        where c.id = d.id and a.id = c.assinatura_id
        returning c.id, c.usuario_id as "usuarioId", v.rastreador_id as "rastreadorId", coalesce(v.descricao, a.pet) as pet,
          c.valor_centavos as "valorCentavos", c.vencimento::text as vencimento, d.lembrete`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), lembrete: r.lembrete === 2 ? 2 : 1 }));
}

/** The dashboard's money: open, paid in [inicio, fimExclusivo), overdue; the recurring revenue of what is in force. */
export async function resumoDosPagamentos(db: Executor, inicio: Date, fimExclusivo: Date) {
  const [row] = await consultar<{
    aReceber: number;
    recebido: number;
    vencido: number;
    mensal: number;
    ativas: number;
    suspensas: number;
  }>(
    db,
    sql`select
          (select coalesce(sum(valor_centavos), 0)::int from cobrancas where situacao = 'PENDENTE') as "aReceber",
          (select coalesce(sum(valor_centavos), 0)::int from cobrancas
            where situacao = 'PAGO' and pago_em >= ${inicio.toISOString()}::timestamptz and pago_em < ${fimExclusivo.toISOString()}::timestamptz) as "recebido",
          (select coalesce(sum(valor_centavos), 0)::int from cobrancas where situacao = 'VENCIDO') as "vencido",
          (select coalesce(sum(case when periodo = 'ANUAL' then round(valor_centavos / 12.0) else valor_centavos end), 0)::int
            from assinaturas where situacao = 'ATIVA' and not cancelar_no_fim) as "mensal",
          (select count(*)::int from assinaturas where situacao = 'ATIVA') as "ativas",
          (select count(*)::int from assinaturas where situacao = 'SUSPENSA') as "suspensas"`,
  );
  return row ?? { aReceber: 0, recebido: 0, vencido: 0, mensal: 0, ativas: 0, suspensas: 0 };
}

/** PSP mode: open charges the PSP has not taken yet, with what a `/cobv` (or, authorised, a `/cobr`) needs. */
export function paraRegistrarNoPsp(db: Executor, limite: number, assinaturaId?: number) {
  return consultar<{
    id: number;
    txid: string;
    usuarioId: number;
    valorCentavos: number;
    vencimento: string;
    diasCarencia: number;
    pet: string;
    idRec: string | null;
    autorizacao: string | null;
    debitoRecusado: boolean;
  }>(
    db,
    sql`select c.id, c.txid, c.usuario_id as "usuarioId", c.valor_centavos as "valorCentavos", c.vencimento::text as vencimento,
          a.dias_carencia as "diasCarencia", a.pet, a.id_rec as "idRec", a.autorizacao,
          c.debito_recusado as "debitoRecusado"
        from cobrancas c join assinaturas a on a.id = c.assinatura_id
        where c.psp_registrada_em is null and c.situacao in ('PENDENTE', 'VENCIDO')
          ${assinaturaId === undefined ? sql`` : sql`and c.assinatura_id = ${assinaturaId}`}
        order by c.id limit ${limite}`,
  );
}

export async function marcarRegistradaNoPsp(db: Executor, id: number, pixCopiaECola: string) {
  await db.update(cobrancas).set({ pixCopiaECola, pspRegistradaEm: new Date() }).where(eq(cobrancas.id, id));
}

/** Pix Automático: the charge is scheduled at the PSP (`PUT /cobr`): debited on its due date, no code. */
export async function marcarAgendadaNoPsp(db: Executor, id: number) {
  await db.update(cobrancas).set({ pixCopiaECola: null, debitoAutomatico: true, pspRegistradaEm: new Date() }).where(eq(cobrancas.id, id));
}

/**
 * Pix Automático: a scheduled charge the payer's bank did not debit goes back to a charge with a
 * code, under a new txid (the old one is the PSP's recurring charge), for the next round to
 * register. Once: a repeat finds it no longer scheduled.
 */
export async function voltarParaPix(db: Executor, txid: string, novoTxid: string) {
  const [row] = await db
    .update(cobrancas)
    .set({ txid: novoTxid, debitoAutomatico: false, debitoRecusado: true, pspRegistradaEm: null })
    .where(and(eq(cobrancas.txid, txid), eq(cobrancas.debitoAutomatico, true), inArray(cobrancas.situacao, ['PENDENTE', 'VENCIDO'])))
    .returning({ id: cobrancas.id, assinaturaId: cobrancas.assinaturaId, valorCentavos: cobrancas.valorCentavos });
  return row;
}

/** Pix Automático: the open scheduled charges of a subscription (its cancellation unschedules them at the PSP). */
export function agendadasAbertas(db: Executor, assinaturaId: number) {
  return db
    .select({ txid: cobrancas.txid })
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.assinaturaId, assinaturaId),
        eq(cobrancas.debitoAutomatico, true),
        inArray(cobrancas.situacao, ['PENDENTE', 'VENCIDO']),
      ),
    );
}

/** PSP mode: open charges registered before `antes` (their webhook may have been lost), scheduled (`/cobr`) or with a code. */
export function paraConciliar(db: Executor, antes: Date, limite: number, debitoAutomatico: boolean) {
  return consultar<{ txid: string }>(
    db,
    sql`select txid from cobrancas
        where situacao in ('PENDENTE', 'VENCIDO') and psp_registrada_em < ${antes.toISOString()}::timestamptz and not divergente
          and debito_automatico = ${debitoAutomatico}
        order by psp_registrada_em limit ${limite}`,
  );
}

export async function cobrancaPorTxid(db: Executor, txid: string) {
  const [row] = await db.select({ id: cobrancas.id }).from(cobrancas).where(eq(cobrancas.txid, txid));
  return row?.id;
}
