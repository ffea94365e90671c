import { and, eq, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { consultaPorForma, consultar, type Executor } from '../../db/client';
import { rastreadores } from './schema';
import { vChips } from '../chips/leitura';
import type { RASTREADOR_ORDENAVEIS } from '@rastro/shared/schemas/rastreadores';
import type { Paginacao } from '../../lib/paginacao';
import { SITUACAO_EFETIVA_SQL, situacaoEfetiva } from './sql';
import { escaparLike } from '../../db/listas';
import type { VinculoNaLista } from './portas';

export interface FiltroRastreadores extends Paginacao {
  codigo?: number | undefined;
  imei?: string | undefined;
}

const colunas = {
  id: rastreadores.id,
  imei: rastreadores.imei,
  protocolo: rastreadores.protocolo,
  situacao: situacaoEfetiva,
  situacaoEnergia: rastreadores.situacaoEnergia,
  bateria: rastreadores.bateria,
  dataCadastro: rastreadores.dataCadastro,
  chipId: rastreadores.chipId,
  chipNumero: vChips.numero,
  temCodigoAtivacao: sql<boolean>`${rastreadores.codigoAtivacaoHash} is not null`,
  origensAlternadasEm: rastreadores.origensAlternadasEm,
};

const base = (db: Executor) => db.select(colunas).from(rastreadores).leftJoin(vChips, eq(vChips.id, rastreadores.chipId));

/** A tracker as `base` selects it (its owner's link comes from a port: `VinculosDosRastreadores`, or `VinculoNaLista` in the list). */
export interface LinhaRastreador {
  id: number;
  imei: string;
  protocolo: string;
  situacao: string;
  situacaoEnergia: string;
  bateria: number | null;
  dataCadastro: Date;
  chipId: number | null;
  chipNumero: string | null;
  temCodigoAtivacao: boolean;
  origensAlternadasEm: Date | null;
}

/** The list's sort columns as SQL text (the schema allows only these keys). */
const ORDEM_SQL: Record<(typeof RASTREADOR_ORDENAVEIS)[number], string> = {
  id: '"rastreadores"."id"',
  imei: '"rastreadores"."imei"',
  bateria: '"rastreadores"."bateria"',
  dataCadastro: '"rastreadores"."data_cadastro"',
  situacao: SITUACAO_EFETIVA_SQL,
  situacaoEnergia: '"rastreadores"."situacao_energia"',
};

/** What fixes the admin list's SQL text: which filters, which order. */
interface FormaDaLista {
  codigo: boolean;
  imei: boolean;
  ordem: string;
}

/** A row of the admin list: the tracker and its link's description and owner's name (null: unlinked). */
export type LinhaDaListaAdmin = LinhaRastreador & { vinculoDescricao: string | null; usuarioNome: string | null };

type LinhaDaLista = Omit<LinhaDaListaAdmin, 'dataCadastro' | 'origensAlternadasEm'> & {
  dataCadastro: Date | string;
  origensAlternadasEm: Date | string | null;
  total: number;
};

/** The list's filters: the ones `forma` has, on their values (or placeholders). */
function ondeDaLista(forma: Pick<FormaDaLista, 'codigo' | 'imei'>, v: { codigo: unknown; imei: unknown }): SQL {
  const filtros: SQL[] = [];
  if (forma.codigo) filtros.push(sql`"rastreadores"."id" = ${v.codigo}`);
  if (forma.imei) filtros.push(sql`"rastreadores"."imei" like ${v.imei}`);
  return filtros.length ? sql.join(filtros, sql` and `) : sql`true`;
}

/**
 * One page of the admin list and the total, in one round trip. The page is chosen on rastreadores
 * alone (every filter and sort column is its own), then joined: an OFFSET over the joined rows made
 * every deep page join and sort the whole fleet. The link's columns come from the `vinculoNaLista`
 * port. Plain SQL text, made once per shape (`consultaPorForma`): the query builder, and even
 * building this template, cost more CPU than the query (bench/api).
 */
export function criarListagem(vinculoNaLista: VinculoNaLista) {
  const consultaDaLista = consultaPorForma<
    FormaDaLista,
    { codigo: number | undefined; imei: string; size: number; offset: number },
    LinhaDaLista
  >({
    chave: (f) => `${f.codigo}|${f.imei}|${f.ordem}`,
    nomes: ['codigo', 'imei', 'size', 'offset'],
    montar: (f, v) => {
      const where = ondeDaLista(f, v);
      const ordem = sql.raw(f.ordem);
      return sql`select "rastreadores"."id" as "id", "rastreadores"."imei" as "imei", "rastreadores"."protocolo" as "protocolo", ${situacaoEfetiva} as "situacao",
          "rastreadores"."situacao_energia" as "situacaoEnergia", "rastreadores"."bateria" as "bateria", "rastreadores"."data_cadastro" as "dataCadastro",
          "rastreadores"."chip_id" as "chipId", c.numero as "chipNumero",
          "rastreadores"."codigo_ativacao_hash" is not null as "temCodigoAtivacao", "rastreadores"."origens_alternadas_em" as "origensAlternadasEm",
          vinculo.descricao as "vinculoDescricao", vinculo.usuario_nome as "usuarioNome",
          (select count(*)::int from rastreadores where ${where}) as "total"
        from rastreadores
        left join v_chips c on c.id = "rastreadores"."chip_id"
        left join lateral (${vinculoNaLista(sql`"rastreadores"."id"`)}) vinculo on true
        where "rastreadores"."id" in (select "rastreadores"."id" from rastreadores where ${where} order by ${ordem} limit ${v.size} offset ${v.offset})
        order by ${ordem}`;
    },
  });

  return async function listar(db: Executor, f: FiltroRastreadores): Promise<{ rows: LinhaDaListaAdmin[]; total: number }> {
    const dir = f.orderDirection === 'desc' ? 'desc' : 'asc';
    const col = (ORDEM_SQL as Record<string, string | undefined>)[f.orderBy] ?? ORDEM_SQL.id;
    // Ties broken by id, so pages are stable.
    const ordem = col === ORDEM_SQL.id ? `${col} ${dir}` : `${col} ${dir}, "rastreadores"."id" ${dir}`;
    const imei = f.imei ? `%${escaparLike(f.imei)}%` : '';
    const linhas = await consultaDaLista(
      db,
      { codigo: f.codigo !== undefined, imei: imei !== '', ordem },
      { codigo: f.codigo, imei, size: f.size, offset: f.page * f.size },
    );
    // Timestamps come as text (db/client.ts, and drizzle's PGlite driver alike).
    const rows = linhas.map(({ total: _total, ...r }) => ({
      ...r,
      dataCadastro: new Date(r.dataCadastro),
      origensAlternadasEm: r.origensAlternadasEm === null ? null : new Date(r.origensAlternadasEm),
    }));
    // Past the last page there is no row to carry the total.
    const total = linhas[0]?.total ?? (await contar(db, f.codigo, imei));
    return { rows, total };
  };
}

/** The admin list of `criarListagem`: one page of trackers with their links, and the total. */
export type ListarRastreadores = ReturnType<typeof criarListagem>;

/** How many trackers the filters match (a page past the last carries no total). */
async function contar(db: Executor, codigo: number | undefined, imei: string) {
  const where = ondeDaLista({ codigo: codigo !== undefined, imei: imei !== '' }, { codigo, imei });
  const [r] = await consultar<{ n: number }>(db, sql`select count(*)::int as n from rastreadores where ${where}`);
  return r?.n ?? 0;
}

export async function buscar(db: Executor, id: number) {
  const [row] = await base(db).where(eq(rastreadores.id, id));
  return row;
}

export async function buscarDetalhe(db: Executor, id: number) {
  const [row] = await db
    .select({
      chipDescricao: vChips.descricao,
      nivelSinal: rastreadores.nivelSinal,
      ultimaComunicacao: rastreadores.ultimaComunicacao,
    })
    .from(rastreadores)
    .leftJoin(vChips, eq(vChips.id, rastreadores.chipId))
    .where(eq(rastreadores.id, id));
  return row;
}

/** What the save rules need: the current values. */
export async function estado(db: Executor, id: number) {
  const [row] = await db
    .select({
      imei: rastreadores.imei,
      protocolo: rastreadores.protocolo,
      chipId: rastreadores.chipId,
      situacao: rastreadores.situacao,
      situacaoEnergia: rastreadores.situacaoEnergia,
    })
    .from(rastreadores)
    .where(eq(rastreadores.id, id));
  return row;
}

export async function imeiEmUso(db: Executor, imei: string, excetoId?: number) {
  const [row] = await db.select({ id: rastreadores.id }).from(rastreadores).where(eq(rastreadores.imei, imei));
  return row !== undefined && row.id !== excetoId;
}

export async function inserir(
  db: Executor,
  v: { imei: string; protocolo: string; chipId: number; usuarioCadastroId: number; codigoAtivacaoHash?: string | undefined },
) {
  const [row] = await db.insert(rastreadores).values(v).returning({ id: rastreadores.id });
  if (!row) throw new Error('insert rastreadores returned nothing');
  return row.id;
}

export async function atualizar(
  db: Executor,
  id: number,
  v: Partial<{
    imei: string;
    protocolo: string;
    chipId: number;
    situacao: string;
    situacaoEnergia: string;
    codigoAtivacaoHash: string;
    alertaAte: Date | null;
  }>,
) {
  await db.update(rastreadores).set(v).where(eq(rastreadores.id, id));
}

/** Any message from the device: it is on and talking (a pending power-off still waits). */
export async function registrarComunicacao(db: Executor, id: number) {
  await db
    .update(rastreadores)
    .set({
      ultimaComunicacao: sql`now()`,
      situacaoEnergia: sql`case when ${rastreadores.situacaoEnergia} = 'AGUARDANDO_DESLIGAMENTO' then ${rastreadores.situacaoEnergia} else 'LIGADO' end`,
    })
    .where(eq(rastreadores.id, id));
}

/**
 * The battery and signal the device last reported. A battery it did not report (null: its byte
 * was out of range) keeps the last one known; the signal is this frame's, unknown included.
 */
export async function atualizarBateria(db: Executor, id: number, bateria: number | null, nivelSinal: number | null) {
  await db
    .update(rastreadores)
    .set({ bateria: sql`coalesce(${bateria}::smallint, ${rastreadores.bateria})`, nivelSinal, ultimaComunicacao: sql`now()` })
    .where(eq(rastreadores.id, id));
}

/** ALERTA for 30 minutes: the deadline only, `situacao` stays (an INATIVO tracker stays INATIVO). */
export async function marcarAlerta(db: Executor, id: number) {
  await db
    .update(rastreadores)
    .set({ alertaAte: sql`now() + interval '30 minutes'` })
    .where(and(eq(rastreadores.id, id), ne(rastreadores.situacao, 'INATIVO')));
}

/** AGUARDANDO_DESLIGAMENTO → DESLIGADO; false when no power-off was pending. */
export async function marcarDesligado(db: Executor, id: number) {
  const rows = await db
    .update(rastreadores)
    .set({ situacaoEnergia: 'DESLIGADO' })
    .where(and(eq(rastreadores.id, id), eq(rastreadores.situacaoEnergia, 'AGUARDANDO_DESLIGAMENTO')))
    .returning({ id: rastreadores.id });
  return rows.length > 0;
}

/** The tracker's IMEI is being claimed from two alternating places: shown to administrators. */
export async function marcarOrigensAlternadas(db: Executor, id: number) {
  await db
    .update(rastreadores)
    .set({ origensAlternadasEm: sql`now()` })
    .where(eq(rastreadores.id, id));
}

/** Awaiting a link → linked. An ALERTA raised before the link keeps running its 30 minutes (`alerta_ate`). */
export async function marcarVinculado(db: Executor, id: number) {
  await db
    .update(rastreadores)
    .set({ situacao: 'ATIVO' })
    .where(and(eq(rastreadores.id, id), eq(rastreadores.situacao, 'AGUARDANDO_VINCULO')));
}

/**
 * The registered tracker with this IMEI (an owner linking it; whether it is linked already is theirs
 * to say), with its activation code's hash (never leaves the server).
 */
export async function rastreadorParaVincular(db: Executor, imei: string) {
  const [row] = await db
    .select({ id: rastreadores.id, situacao: rastreadores.situacao, codigoAtivacaoHash: rastreadores.codigoAtivacaoHash })
    .from(rastreadores)
    .where(eq(rastreadores.imei, imei));
  return row;
}

/** A chip's state and the tracker using it, if any (undefined: no such chip). */
export async function chipEUso(db: Executor, chipId: number) {
  const [row] = await db
    .select({ situacao: vChips.situacao, rastreadorId: rastreadores.id })
    .from(vChips)
    .leftJoin(rastreadores, eq(rastreadores.chipId, vChips.id))
    .where(eq(vChips.id, chipId));
  return row;
}

/** Active chips no tracker uses. */
export async function chipsDisponiveis(db: Executor) {
  const emUso = db
    .select({ x: sql`1` })
    .from(rastreadores)
    .where(eq(rastreadores.chipId, vChips.id));
  return db
    .select({ id: vChips.id, descricao: vChips.descricao, numero: vChips.numero })
    .from(vChips)
    .where(and(eq(vChips.situacao, 'A'), notExists(emUso)))
    .orderBy(vChips.descricao, vChips.id);
}
