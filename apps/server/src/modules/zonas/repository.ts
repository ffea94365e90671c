import { and, asc, eq, sql } from 'drizzle-orm';
import { consultaPorForma, consultar, type Executor } from '../../db/client';
import { literalDeArray } from '../../db/arrays';
import { comTotal, contagem } from '../../db/listas';
import { eventosZona, zonaRastreadores, zonas } from './schema';
import { vVinculos } from '../meus-rastreadores/leitura';
import { ordenacao, type Paginacao } from '../../lib/paginacao';

export type LinhaZona = typeof zonas.$inferSelect & { rastreadorIds: number[] };
export type DadosZona = Pick<
  typeof zonas.$inferInsert,
  'nome' | 'tipo' | 'latitude' | 'longitude' | 'raioMetros' | 'pontos' | 'alertarSaida' | 'alertarEntrada'
>;

const rastreadorIdsDaZona = sql<number[]>`coalesce((select array_agg(zr.rastreador_id order by zr.rastreador_id)
  from zona_rastreadores zr where zr.zona_id = ${zonas.id}), '{}')`;

export function doUsuario(db: Executor, usuarioId: number): Promise<LinhaZona[]> {
  return db
    .select({ ...colunasZona(), rastreadorIds: rastreadorIdsDaZona })
    .from(zonas)
    .where(eq(zonas.usuarioId, usuarioId))
    .orderBy(asc(zonas.nome), asc(zonas.id));
}

export async function buscar(db: Executor, usuarioId: number, id: number): Promise<LinhaZona | undefined> {
  const [z] = await db
    .select({ ...colunasZona(), rastreadorIds: rastreadorIdsDaZona })
    .from(zonas)
    .where(and(eq(zonas.id, id), eq(zonas.usuarioId, usuarioId)));
  return z;
}

function colunasZona() {
  return {
    id: zonas.id,
    usuarioId: zonas.usuarioId,
    nome: zonas.nome,
    tipo: zonas.tipo,
    latitude: zonas.latitude,
    longitude: zonas.longitude,
    raioMetros: zonas.raioMetros,
    pontos: zonas.pontos,
    alertarSaida: zonas.alertarSaida,
    alertarEntrada: zonas.alertarEntrada,
    dataCadastro: zonas.dataCadastro,
    dataAtualizacao: zonas.dataAtualizacao,
  };
}

export async function quantas(db: Executor, usuarioId: number) {
  const [row] = await db.select(contagem).from(zonas).where(eq(zonas.usuarioId, usuarioId));
  return row?.n ?? 0;
}

export async function inserir(db: Executor, usuarioId: number, dados: DadosZona) {
  const [z] = await db
    .insert(zonas)
    .values({ ...dados, usuarioId })
    .returning({ id: zonas.id });
  if (!z) throw new Error('insert into zonas returned no row');
  return z.id;
}

/** Returns whether the zone is this user's (and was changed). */
export async function atualizar(db: Executor, usuarioId: number, id: number, dados: DadosZona) {
  const r = await db
    .update(zonas)
    .set({ ...dados, dataAtualizacao: new Date() })
    .where(and(eq(zonas.id, id), eq(zonas.usuarioId, usuarioId)))
    .returning({ id: zonas.id });
  return r.length > 0;
}

/** Deletes the zone (its trackers, states and events go with it); the trackers it applied to. */
export async function excluir(db: Executor, usuarioId: number, id: number) {
  const antes = await rastreadoresDaZona(db, id);
  const r = await db
    .delete(zonas)
    .where(and(eq(zonas.id, id), eq(zonas.usuarioId, usuarioId)))
    .returning({ id: zonas.id });
  return r.length > 0 ? antes : undefined;
}

export async function rastreadoresDaZona(db: Executor, zonaId: number) {
  const rows = await db.select({ id: zonaRastreadores.rastreadorId }).from(zonaRastreadores).where(eq(zonaRastreadores.zonaId, zonaId));
  return rows.map((r) => r.id);
}

/** The zone applies to exactly these trackers; every tracker's state in it starts over. */
export async function definirRastreadores(db: Executor, zonaId: number, rastreadorIds: readonly number[]) {
  await db.execute(sql`delete from zona_estados where zona_id = ${zonaId}`);
  await db.delete(zonaRastreadores).where(eq(zonaRastreadores.zonaId, zonaId));
  if (rastreadorIds.length > 0) await db.insert(zonaRastreadores).values(rastreadorIds.map((rastreadorId) => ({ zonaId, rastreadorId })));
}

const colunasEvento = {
  id: eventosZona.id,
  zonaId: eventosZona.zonaId,
  zona: zonas.nome,
  rastreadorId: eventosZona.rastreadorId,
  descricao: sql<string>`coalesce(${vVinculos.descricao}, '')`,
  tipo: eventosZona.tipo,
  dataHora: eventosZona.dataHora,
  latitude: eventosZona.latitude,
  longitude: eventosZona.longitude,
};

/**
 * Events of a user's zones, of one zone or of one tracker, newest first by default (a tracker's
 * co-guardian reads them as its owner: the caller passes the owner's id).
 */
export function eventos(db: Executor, usuarioId: number, filtro: { zonaId: number } | { rastreadorId: number }, f: Paginacao) {
  const where = and(
    eq(zonas.usuarioId, usuarioId),
    'zonaId' in filtro ? eq(eventosZona.zonaId, filtro.zonaId) : eq(eventosZona.rastreadorId, filtro.rastreadorId),
  );
  return comTotal(
    db
      .select(colunasEvento)
      .from(eventosZona)
      .innerJoin(zonas, eq(zonas.id, eventosZona.zonaId))
      .leftJoin(vVinculos, and(eq(vVinculos.rastreadorId, eventosZona.rastreadorId), eq(vVinculos.usuarioId, zonas.usuarioId)))
      .where(where)
      .orderBy(...ordenacao({ dataHora: eventosZona.dataHora }, eventosZona.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(eventosZona).innerJoin(zonas, eq(zonas.id, eventosZona.zonaId)).where(where),
  );
}

// ---- Evaluation (the gateway's side) ----

/** A zone as evaluation needs it, with the tracker it applies to and the owner's name for it. */
export interface ZonaDoRastreador {
  rastreadorId: number;
  id: number;
  usuarioId: number;
  nome: string;
  tipo: string;
  latitude: number | null;
  longitude: number | null;
  raioMetros: number | null;
  pontos: { latitude: number; longitude: number }[];
  alertarSaida: boolean;
  alertarEntrada: boolean;
  dataAtualizacao: Date | string;
  descricao: string;
}

/** The zones that apply to these trackers, while their owner is the zone's owner. */
export function zonasDosRastreadores(db: Executor, rastreadorIds: readonly number[]) {
  return consultar<ZonaDoRastreador>(
    db,
    sql`select zr.rastreador_id as "rastreadorId", z.id, z.usuario_id as "usuarioId", z.nome, z.tipo, z.latitude, z.longitude,
          z.raio_metros as "raioMetros", z.pontos, z.alertar_saida as "alertarSaida", z.alertar_entrada as "alertarEntrada",
          z.data_atualizacao as "dataAtualizacao", ur.descricao
        from zona_rastreadores zr
        join zonas z on z.id = zr.zona_id
        join v_vinculos ur on ur.rastreador_id = zr.rastreador_id and ur.usuario_id = z.usuario_id
        where zr.rastreador_id = any(${literalDeArray(rastreadorIds)}::int[])`,
  );
}

export interface LinhaEstado {
  zonaId: number;
  rastreadorId: number;
  estado: string;
  pendentes: number;
  dataHora: Date | string;
  versao: number;
  transicaoEm: Date | string | null;
}

export function estadosDosRastreadores(db: Executor, rastreadorIds: readonly number[]) {
  return consultar<LinhaEstado>(
    db,
    sql`select zona_id as "zonaId", rastreador_id as "rastreadorId", estado, pendentes, data_hora as "dataHora", versao,
          transicao_em as "transicaoEm"
        from zona_estados where rastreador_id = any(${literalDeArray(rastreadorIds)}::int[])`,
  );
}

export interface EscritaEstado {
  zonaId: number;
  rastreadorId: number;
  estado: string;
  pendentes: number;
  dataHora: Date;
  /** The version read; null: there was no row. */
  versao: number | null;
  /** Device time of the last crossing. */
  transicaoEm: Date | null;
}

const par = (r: { zonaId: number; rastreadorId: number }) => `${r.zonaId}:${r.rastreadorId}`;

/**
 * Writes states only where nobody else wrote since they were read (optimistic lock on `versao`).
 * Returns the pairs written, as `zonaId:rastreadorId`.
 */
export async function gravarEstados(db: Executor, escritas: readonly EscritaEstado[]): Promise<Set<string>> {
  const gravados = new Set<string>();
  const coluna = <K extends keyof EscritaEstado>(lista: readonly EscritaEstado[], k: K) =>
    literalDeArray(lista.map((e) => e[k] as number | string | Date | null));
  const novos = escritas.filter((e) => e.versao === null);
  if (novos.length > 0) {
    const rows = await consultar<{ zonaId: number; rastreadorId: number }>(
      db,
      sql`insert into zona_estados (zona_id, rastreador_id, estado, pendentes, data_hora, transicao_em)
          select * from unnest(${coluna(novos, 'zonaId')}::int[], ${coluna(novos, 'rastreadorId')}::int[],
            ${coluna(novos, 'estado')}::varchar[], ${coluna(novos, 'pendentes')}::smallint[], ${coluna(novos, 'dataHora')}::timestamptz[],
            ${coluna(novos, 'transicaoEm')}::timestamptz[])
          on conflict do nothing
          returning zona_id as "zonaId", rastreador_id as "rastreadorId"`,
    );
    for (const r of rows) gravados.add(par(r));
  }
  const existentes = escritas.filter((e) => e.versao !== null);
  if (existentes.length > 0) {
    const rows = await consultar<{ zonaId: number; rastreadorId: number }>(
      db,
      sql`update zona_estados z set estado = v.estado, pendentes = v.pendentes, data_hora = v.data_hora, versao = z.versao + 1,
            transicao_em = v.transicao_em
          from unnest(${coluna(existentes, 'zonaId')}::int[], ${coluna(existentes, 'rastreadorId')}::int[],
            ${coluna(existentes, 'estado')}::varchar[], ${coluna(existentes, 'pendentes')}::smallint[],
            ${coluna(existentes, 'dataHora')}::timestamptz[], ${coluna(existentes, 'versao')}::int[],
            ${coluna(existentes, 'transicaoEm')}::timestamptz[])
            as v(zona_id, rastreador_id, estado, pendentes, data_hora, versao, transicao_em)
          where z.zona_id = v.zona_id and z.rastreador_id = v.rastreador_id and z.versao = v.versao
          returning z.zona_id as "zonaId", z.rastreador_id as "rastreadorId"`,
    );
    for (const r of rows) gravados.add(par(r));
  }
  return gravados;
}

export type NovoEvento = Omit<typeof eventosZona.$inferInsert, 'id' | 'dataCadastro'>;

export async function inserirEventos(db: Executor, eventos: readonly NovoEvento[]) {
  if (eventos.length > 0) await db.insert(eventosZona).values([...eventos]);
}

type LadoNaZona = { rastreadorId: number; nome: string; estado: 'DENTRO' | 'FORA' };

/** `ladosNasZonas`, its text made once per shape (db/client.ts `consultaPorForma`): it rides with every map read. */
const consultaDosLados = consultaPorForma<'usuario' | 'rastreadores', { usuarioId: number; ids: string }, LadoNaZona>({
  chave: (f) => f,
  nomes: ['usuarioId', 'ids'],
  montar: (f, v) => sql`select e.rastreador_id as "rastreadorId", z.nome, e.estado
        from zona_estados e
        join zonas z on z.id = e.zona_id
        join v_vinculos ur on ur.rastreador_id = e.rastreador_id and ur.usuario_id = z.usuario_id
        where ${f === 'usuario' ? sql`z.usuario_id = ${v.usuarioId}` : sql`e.rastreador_id = any(${v.ids}::int[])`}
          and e.estado in ('FORA', 'DENTRO') and z.alertar_saida
        order by z.nome`,
});

/** The names of the zones (alerting on leaving) each of these trackers is outside of or inside of now. */
export function ladosNasZonas(db: Executor, filtro: { usuarioId: number } | { rastreadorIds: readonly number[] }) {
  return 'usuarioId' in filtro
    ? consultaDosLados(db, 'usuario', { usuarioId: filtro.usuarioId, ids: '{}' })
    : consultaDosLados(db, 'rastreadores', { usuarioId: 0, ids: literalDeArray(filtro.rastreadorIds) });
}
