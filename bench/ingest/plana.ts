import { sql } from 'drizzle-orm';
import pg from 'pg';
import { consultar, type Database } from '@rastro/server';

/**
 * The unpartitioned control of issue #21's budget: a second database in the same throwaway
 * cluster, migrated like the first, where `localizacoes` is then rebuilt as one plain table. The
 * plain table is made from the partitioned one's own catalog (columns, defaults — the id sequence
 * too —, NOT NULLs and checks by `LIKE`; its indexes by their `pg_get_indexdef`, names included),
 * so whatever the migrations say the two tables have, they have alike, and `conferirIgualdade`
 * checks it: the only difference between the two databases' positions tables is the partitioning.
 */

/** The name of the control database. */
export const BANCO_PLANO = 'rastro_bench_plana';

/** Creates the control database next to `url`'s; returns its URL. */
export async function criarBancoPlano(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create database ${BANCO_PLANO}`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${BANCO_PLANO}`;
  return u.toString();
}

/** Drops the control database (its connections closed, or forced out). */
export async function descartarBancoPlano(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${BANCO_PLANO} with (force)`);
  } finally {
    await client.end();
  }
}

/**
 * Replaces the (partitioned, still empty) `localizacoes` of `database` by a plain table with the
 * same columns, defaults, constraints and indexes. No primary key: the partitioned one has none.
 */
export async function aplanar(database: Database) {
  await database.db.transaction(async (tx) => {
    const indices = await consultar<{ def: string }>(
      tx,
      sql`select pg_get_indexdef(indexrelid) as def from pg_index where indrelid = 'localizacoes'::regclass order by indexrelid`,
    );
    if (indices.length === 0) throw new Error('localizacoes sem índices: a migração mudou?');
    await tx.execute(sql`create table localizacoes_plana (like localizacoes including all excluding indexes)`);
    // The id's sequence belongs to the partitioned table: it would go with it.
    await tx.execute(sql`alter sequence localizacoes_id_seq owned by none`);
    await tx.execute(sql`drop table localizacoes`);
    await tx.execute(sql`alter table localizacoes_plana rename to localizacoes`);
    await tx.execute(sql`alter sequence localizacoes_id_seq owned by localizacoes.id`);
    // An index of a partitioned table is defined `ON ONLY` it; on a plain table, `ON` it, same name.
    for (const { def } of indices) await tx.execute(sql.raw(def.replace(' ON ONLY ', ' ON ')));
  });
}

/** What describes a table to its writers: kind, columns, constraints, indexes, triggers. */
async function descricao(database: Database) {
  const [tipo] = await consultar<{ relkind: string }>(database.db, sql`select relkind from pg_class where oid = 'localizacoes'::regclass`);
  const colunas = await consultar<{ c: string }>(
    database.db,
    sql`select a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || case when a.attnotnull then ' not null' else '' end
               || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') as c
        from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
        where a.attrelid = 'localizacoes'::regclass and a.attnum > 0 and not a.attisdropped order by a.attnum`,
  );
  const restricoes = await consultar<{ c: string }>(
    database.db,
    sql`select contype::text || ' ' || pg_get_constraintdef(oid) as c from pg_constraint where conrelid = 'localizacoes'::regclass order by 1`,
  );
  const indices = await consultar<{ c: string }>(
    database.db,
    sql`select replace(pg_get_indexdef(indexrelid), ' ON ONLY ', ' ON ') as c from pg_index where indrelid = 'localizacoes'::regclass order by 1`,
  );
  const gatilhos = await consultar<{ c: string }>(
    database.db,
    sql`select tgname as c from pg_trigger where tgrelid = 'localizacoes'::regclass and not tgisinternal order by 1`,
  );
  const [dono] = await consultar<{ c: string | null }>(database.db, sql`select pg_get_serial_sequence('localizacoes', 'id') as c`);
  return {
    relkind: tipo?.relkind ?? '?',
    resto: [
      ...colunas.map((r) => `coluna ${r.c}`),
      ...restricoes.map((r) => `restrição ${r.c}`),
      ...indices.map((r) => `índice ${r.c}`),
      ...gatilhos.map((r) => `gatilho ${r.c}`),
      `sequência ${dono?.c ?? 'nenhuma'}`,
    ],
  };
}

/**
 * Throws unless `particionada`'s `localizacoes` is partitioned, `plana`'s is a plain table, and
 * both have the same columns, defaults, constraints, indexes and triggers. Returns a summary.
 */
export async function conferirIgualdade(particionada: Database, plana: Database) {
  const a = await descricao(particionada);
  const b = await descricao(plana);
  if (a.relkind !== 'p' || b.relkind !== 'r')
    throw new Error(`localizacoes: esperava particionada e plana, veio ${a.relkind} e ${b.relkind}`);
  const so = (x: string[], y: string[]) => x.filter((l) => !y.includes(l));
  const diferencas = [
    ...so(a.resto, b.resto).map((l) => `só na particionada: ${l}`),
    ...so(b.resto, a.resto).map((l) => `só na plana: ${l}`),
  ];
  if (diferencas.length > 0) throw new Error(`as duas localizacoes diferem além da partição: ${diferencas.join('; ')}`);
  const conta = (p: string) => a.resto.filter((l) => l.startsWith(p)).length;
  return `${conta('coluna')} colunas, ${conta('restrição')} restrições, ${conta('índice')} índices, ${conta('gatilho')} gatilhos, iguais`;
}

/** Partitions of the partitioned `localizacoes` (leaves), for the record. */
export async function particoesFolha(database: Database) {
  const [r] = await consultar<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from pg_partition_tree('localizacoes') where isleaf`,
  );
  return r?.n ?? 0;
}
