import { sql } from 'drizzle-orm';
import { consultar, NIVEL_CLIENTE, novoToken, seed, senhaAleatoria, sha256, type Database } from '@rastro/server';
import { casa, zonasDaCasa, type Ponto } from './lugares';

/**
 * The benchmark's registrations, straight into the database by SQL: the trackers (IMEIs
 * 359339081000001…), and the families that own them — an owner (client level) per family, its
 * pets linked to it, and, for the families with zones, the five zones of `lugares.ts` applying to
 * all its pets.
 */

export const IMEI_BASE = 359_339_081_000_000;

export interface Rastreador {
  id: number;
  imei: string;
}

/** A set of trackers driven together, with where each one reports from. */
export interface Grupo {
  rastreadores: Rastreador[];
  posicoes: Ponto[];
  /** Its owners, one per family, in order. */
  donos: number[];
  /** Tracker ids are consecutive: the group is `rastreador_id between` these. */
  primeiro: number;
  ultimo: number;
}

export async function registrarRastreadores(database: Database, n: number): Promise<Rastreador[]> {
  const rows = await consultar<Rastreador>(
    database.db,
    sql`insert into rastreadores (imei, protocolo) select (${IMEI_BASE}::bigint + g)::text, 'TOPIN' from generate_series(1, ${n}::int) g returning id, imei`,
  );
  rows.sort((a, b) => a.imei.localeCompare(b.imei));
  return rows;
}

/** The levels the owners need (and an administrator, as every database has). */
export async function semearNiveis(database: Database) {
  await seed(database.db, { email: 'admin@bench.rastro.local', password: senhaAleatoria() });
}

/**
 * Families `primeiraFamilia`… own `rastreadores`, `porFamilia` pets each (ATIVO, linked); with
 * `zonas`, each family gets its five zones, applying to all its pets.
 */
export async function cadastrarFamilias(
  database: Database,
  rastreadores: Rastreador[],
  o: { primeiraFamilia: number; porFamilia: number; zonas: boolean; rotulo: string },
): Promise<Grupo> {
  const db = database.db;
  const familia = (k: number) => o.primeiraFamilia + Math.floor(k / o.porFamilia);
  const familias = [...new Set(rastreadores.map((_, k) => familia(k)))];
  const [nivel] = await consultar<{ id: number }>(db, sql`select id from niveis where nome = ${NIVEL_CLIENTE}`);
  if (!nivel) throw new Error('nível de cliente ausente');
  const donos = await consultar<{ id: number; f: number }>(
    db,
    sql`insert into usuarios (nome, email, nivel_id)
        select ${o.rotulo}::text || ' ' || f, 'familia' || f || '@bench.rastro.local', ${nivel.id}::int from unnest(${sql.param(familias)}::int[]) as f
        returning id, substring(email from '[0-9]+')::int as f`,
  );
  const donoDa = new Map(donos.map((d) => [d.f, d.id]));
  const dono = (k: number) => donoDa.get(familia(k)) ?? 0;
  const ids = rastreadores.map((r) => r.id);
  await database.db.execute(
    sql`insert into usuario_rastreadores (usuario_id, rastreador_id, descricao)
        select * from unnest(${sql.param(rastreadores.map((_, k) => dono(k)))}::int[], ${sql.param(ids)}::int[],
          ${sql.param(rastreadores.map((_, k) => `PET ${familia(k)}-${(k % o.porFamilia) + 1}`))}::text[])`,
  );
  await database.db.execute(sql`update rastreadores set situacao = 'ATIVO' where id = any(${sql.param(ids)}::int[])`);
  if (o.zonas) {
    const zonas = familias.flatMap((f) => zonasDaCasa(f).map((z) => ({ ...z, usuario_id: donoDa.get(f) })));
    await database.db.execute(
      sql`insert into zonas (usuario_id, nome, tipo, latitude, longitude, raio_metros, pontos, alertar_saida, alertar_entrada)
          select z.usuario_id, z.nome, z.tipo, z.latitude, z.longitude, z."raioMetros", z.pontos, z."alertarSaida", z."alertarEntrada"
          from jsonb_to_recordset(${JSON.stringify(zonas)}::jsonb) as z(usuario_id int, nome text, tipo text, latitude float8,
            longitude float8, "raioMetros" float8, pontos jsonb, "alertarSaida" bool, "alertarEntrada" bool)`,
    );
    await database.db.execute(
      sql`insert into zona_rastreadores (zona_id, rastreador_id)
          select z.id, ur.rastreador_id from zonas z join usuario_rastreadores ur on ur.usuario_id = z.usuario_id
          where ur.rastreador_id = any(${sql.param(ids)}::int[])`,
    );
  }
  const primeiro = Math.min(...ids);
  const ultimo = Math.max(...ids);
  if (ultimo - primeiro + 1 !== ids.length) throw new Error('ids de rastreadores não consecutivos');
  return {
    rastreadores,
    posicoes: rastreadores.map((_, k) => casa(familia(k))),
    donos: familias.map((f) => donoDa.get(f) ?? 0),
    primeiro,
    ultimo,
  };
}

/** One session token per user, minted as /oauth/token does (only the SHA-256 is stored). */
export async function tokens(database: Database, usuarios: readonly number[]): Promise<string[]> {
  const t = usuarios.map(() => novoToken());
  await database.db.execute(
    sql`insert into sessoes (usuario_id, token_hash, expira_em)
        select u, h, now() + interval '1 day' from unnest(${sql.param(usuarios)}::int[], ${sql.param(t.map(sha256))}::text[]) as x(u, h)`,
  );
  return t;
}

/** Pairs (tracker, zone) of the group with a state written: every one, once its first fix was evaluated. */
export async function estadosDoGrupo(database: Database, g: Grupo) {
  const [r] = await consultar<{ estados: number; pares: number }>(
    database.db,
    sql`select (select count(*)::int from zona_estados where rastreador_id between ${g.primeiro} and ${g.ultimo}) as estados,
               (select count(*)::int from zona_rastreadores where rastreador_id between ${g.primeiro} and ${g.ultimo}) as pares`,
  );
  return r ?? { estados: 0, pares: 0 };
}

/** What daily activity wrote for a group: trackers with a state, days aggregated, metres added. */
export async function atividadeDoGrupo(database: Database, g: Grupo) {
  const [r] = await consultar<{ estados: number; dias: number; metros: number }>(
    database.db,
    sql`select (select count(*)::int from atividade_estados where rastreador_id between ${g.primeiro} and ${g.ultimo}) as estados,
               (select count(*)::int from atividade_dias where rastreador_id between ${g.primeiro} and ${g.ultimo}) as dias,
               (select coalesce(sum(distancia_metros), 0)::float8 from atividade_dias where rastreador_id between ${g.primeiro} and ${g.ultimo}) as metros`,
  );
  return r ?? { estados: 0, dias: 0, metros: 0 };
}
