import { eq, sql } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { literalDeArray } from '../../db/arrays';
import { atividadeMetas } from './schema';
import type { EstadoAtividade } from './calculo';

// ---- Reads and the goal (the API's side) ----

/** The days with activity of a tracker in [de, ate] ('YYYY-MM-DD'), by the primary key (raw SQL: a named statement, bench/api). */
export function diasDoRastreador(db: Executor, rastreadorId: number, de: string, ate: string) {
  return consultar<{ data: string; distanciaMetros: number; segundosAtivos: number; segundosRepouso: number }>(
    db,
    sql`select to_char(data, 'YYYY-MM-DD') as data, distancia_metros as "distanciaMetros", segundos_ativos as "segundosAtivos",
          segundos_repouso as "segundosRepouso"
        from atividade_dias where rastreador_id = ${rastreadorId} and data between ${de}::date and ${ate}::date`,
  );
}

export async function metaDoVinculo(db: Executor, usuarioRastreadorId: number) {
  const [m] = await db
    .select({ tipo: atividadeMetas.tipo, valor: atividadeMetas.valor })
    .from(atividadeMetas)
    .where(eq(atividadeMetas.usuarioRastreadorId, usuarioRastreadorId));
  return m;
}

export async function gravarMeta(db: Executor, usuarioRastreadorId: number, meta: { tipo: string; valor: number }) {
  await db
    .insert(atividadeMetas)
    .values({ usuarioRastreadorId, ...meta })
    .onConflictDoUpdate({ target: atividadeMetas.usuarioRastreadorId, set: { ...meta, dataAtualizacao: new Date() } });
}

export async function removerMeta(db: Executor, usuarioRastreadorId: number) {
  await db.delete(atividadeMetas).where(eq(atividadeMetas.usuarioRastreadorId, usuarioRastreadorId));
}

// ---- Aggregation (the gateway's side) ----

export interface LinhaEstadoAtividade extends EstadoAtividade {
  rastreadorId: number;
  versao: number;
}

export async function estadosDosRastreadores(db: Executor, rastreadorIds: readonly number[]): Promise<LinhaEstadoAtividade[]> {
  const rows = await consultar<{
    rastreadorId: number;
    latitude: number;
    longitude: number;
    precisao: number;
    ancoraEm: number | string;
    pendenteDesde: number | string;
    ultimo: number | string;
    versao: number;
  }>(
    db,
    sql`select rastreador_id as "rastreadorId", latitude, longitude, precisao,
          (extract(epoch from ancora_em) * 1000)::float8 as "ancoraEm",
          (extract(epoch from pendente_desde) * 1000)::float8 as "pendenteDesde",
          (extract(epoch from ultimo) * 1000)::float8 as "ultimo", versao
        from atividade_estados where rastreador_id = any(${literalDeArray(rastreadorIds)}::int[])`,
  );
  return rows.map((r) => ({
    ...r,
    ancoraEm: Math.round(Number(r.ancoraEm)),
    pendenteDesde: Math.round(Number(r.pendenteDesde)),
    ultimo: Math.round(Number(r.ultimo)),
  }));
}

export interface EscritaEstadoAtividade {
  rastreadorId: number;
  estado: EstadoAtividade;
  /** The version read; null: there was no row. */
  versao: number | null;
}

/** Writes states only where nobody wrote since they were read (optimistic lock); returns the trackers written. */
export async function gravarEstados(db: Executor, escritas: readonly EscritaEstadoAtividade[]): Promise<Set<number>> {
  const gravados = new Set<number>();
  const colunas = (lista: readonly EscritaEstadoAtividade[]) => ({
    id: literalDeArray(lista.map((e) => e.rastreadorId)),
    lat: literalDeArray(lista.map((e) => e.estado.latitude)),
    lon: literalDeArray(lista.map((e) => e.estado.longitude)),
    prec: literalDeArray(lista.map((e) => e.estado.precisao)),
    ancora: literalDeArray(lista.map((e) => new Date(e.estado.ancoraEm))),
    pendente: literalDeArray(lista.map((e) => new Date(e.estado.pendenteDesde))),
    ultimo: literalDeArray(lista.map((e) => new Date(e.estado.ultimo))),
    versao: literalDeArray(lista.map((e) => e.versao)),
  });
  const novos = escritas.filter((e) => e.versao === null);
  if (novos.length > 0) {
    const c = colunas(novos);
    const rows = await consultar<{ id: number }>(
      db,
      sql`insert into atividade_estados (rastreador_id, latitude, longitude, precisao, ancora_em, pendente_desde, ultimo)
          select * from unnest(${c.id}::int[], ${c.lat}::float8[], ${c.lon}::float8[], ${c.prec}::real[],
            ${c.ancora}::timestamptz[], ${c.pendente}::timestamptz[], ${c.ultimo}::timestamptz[])
          on conflict do nothing
          returning rastreador_id as id`,
    );
    for (const r of rows) gravados.add(r.id);
  }
  const existentes = escritas.filter((e) => e.versao !== null);
  if (existentes.length > 0) {
    const c = colunas(existentes);
    const rows = await consultar<{ id: number }>(
      db,
      sql`update atividade_estados e set latitude = v.lat, longitude = v.lon, precisao = v.prec, ancora_em = v.ancora,
            pendente_desde = v.pendente, ultimo = v.ultimo, versao = e.versao + 1
          from unnest(${c.id}::int[], ${c.lat}::float8[], ${c.lon}::float8[], ${c.prec}::real[],
            ${c.ancora}::timestamptz[], ${c.pendente}::timestamptz[], ${c.ultimo}::timestamptz[], ${c.versao}::int[])
            as v(id, lat, lon, prec, ancora, pendente, ultimo, versao)
          where e.rastreador_id = v.id and e.versao = v.versao
          returning e.rastreador_id as id`,
    );
    for (const r of rows) gravados.add(r.id);
  }
  return gravados;
}

export interface SomaDia {
  rastreadorId: number;
  data: string;
  metros: number;
  segundosAtivos: number;
  segundosRepouso: number;
}

/** A goal reached today by a day just added to, not yet notified. */
export interface MetaAlcancada {
  rastreadorId: number;
  data: string;
  usuarioId: number;
  descricao: string;
  tipo: string;
  valor: number;
}

/**
 * Adds to each (tracker, day) and, in the same statement, finds the days of `hoje` that now reach
 * their owner's goal and were not notified yet (the goal is read through the owner's link).
 */
export function somarDias(db: Executor, somas: readonly SomaDia[], hoje: string) {
  const col = <K extends keyof SomaDia>(k: K) => literalDeArray(somas.map((s) => s[k]));
  return consultar<MetaAlcancada>(
    db,
    sql`with somados as (
          insert into atividade_dias as d (rastreador_id, data, distancia_metros, segundos_ativos, segundos_repouso)
          select * from unnest(${col('rastreadorId')}::int[], ${col('data')}::date[], ${col('metros')}::float8[],
            ${col('segundosAtivos')}::float8[], ${col('segundosRepouso')}::float8[])
          on conflict (rastreador_id, data) do update set
            distancia_metros = d.distancia_metros + excluded.distancia_metros,
            segundos_ativos = d.segundos_ativos + excluded.segundos_ativos,
            segundos_repouso = d.segundos_repouso + excluded.segundos_repouso
          returning d.rastreador_id, d.data, d.distancia_metros, d.segundos_ativos, d.meta_atingida_em
        )
        select s.rastreador_id as "rastreadorId", s.data::text as data, ur.usuario_id as "usuarioId",
          coalesce(ur.descricao, '') as descricao, m.tipo, m.valor
        from somados s
        join v_vinculos ur on ur.rastreador_id = s.rastreador_id
        join atividade_metas m on m.usuario_rastreador_id = ur.id
        where s.data = ${hoje}::date and s.meta_atingida_em is null
          and ((m.tipo = 'METROS' and s.distancia_metros >= m.valor) or (m.tipo = 'MINUTOS' and s.segundos_ativos >= m.valor * 60))`,
  );
}

/** Marks the days' goals as reached; returns the ones this call marked (one notification per day). */
export async function marcarMetas(db: Executor, dias: readonly { rastreadorId: number; data: string }[]) {
  const rows = await consultar<{ rastreadorId: number; data: string }>(
    db,
    sql`update atividade_dias d set meta_atingida_em = now()
        from unnest(${literalDeArray(dias.map((x) => x.rastreadorId))}::int[], ${literalDeArray(dias.map((x) => x.data))}::date[]) as v(id, data)
        where d.rastreador_id = v.id and d.data = v.data and d.meta_atingida_em is null
        returning d.rastreador_id as "rastreadorId", d.data::text as data`,
  );
  return new Set(rows.map((r) => `${r.rastreadorId}:${r.data}`));
}
