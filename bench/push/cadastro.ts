import { createECDH, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { consultar, type Database } from '@rastro/server';

/**
 * The owners' push subscriptions, straight into the database by SQL, and a log of the queue that
 * only this benchmark's database has (a trigger), which tells where each message's time went.
 */

/** What a browser's `PushSubscription.toJSON()` gives: a fresh P-256 key and auth secret per owner. */
export interface Inscricao {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export function inscricoes(origem: string, rota: 'push' | 'base', n: number): Inscricao[] {
  return Array.from({ length: n }, (_, i) => {
    const ecdh = createECDH('prime256v1');
    return {
      endpoint: `${origem}/${rota}/${i}`,
      keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
  });
}

/** Owner `donos[i]` subscribes `s[i]`. */
export async function inscrever(database: Database, donos: readonly number[], s: readonly Inscricao[]) {
  await database.db.execute(
    sql`insert into push_inscricoes (usuario_id, endpoint, p256dh, auth)
        select * from unnest(${sql.param(donos)}::int[], ${sql.param(s.map((x) => x.endpoint))}::text[],
          ${sql.param(s.map((x) => x.keys.p256dh))}::text[], ${sql.param(s.map((x) => x.keys.auth))}::text[])`,
  );
}

/** EntregadorPush's lease (LEASE_MS in apps/server/src/modules/push/entregador.ts): a claim sets the next attempt this far ahead. */
const LEASE_S = 60;

/**
 * Each message deleted from `push_fila` (delivered) leaves a row: when it was queued (the
 * `now()` of the alarm's statement), when it was last claimed (its next attempt minus the
 * lease) and when its round ended (the delete, after every send of the round came back).
 */
export async function registrarFila(database: Database) {
  await database.db.execute(
    sql`create table bench_push_log (inscricao_id int, enfileirado timestamptz, reservado timestamptz, apagado timestamptz, tentativas int)`,
  );
  await database.db.execute(
    sql.raw(`create function bench_push_log() returns trigger language plpgsql as $$
      begin
        insert into bench_push_log values (old.inscricao_id, old.data_cadastro, old.proxima_tentativa - interval '${LEASE_S} seconds', clock_timestamp(), old.tentativas);
        return old;
      end $$`),
  );
  await database.db.execute(sql`create trigger bench_push_log after delete on push_fila for each row execute function bench_push_log()`);
}

export interface Etapas {
  /** Owner index (from the endpoint's path). */
  i: number;
  enfileirado: number;
  reservado: number;
  apagado: number;
  tentativas: number;
}

/** The log, by owner, in wall-clock ms (the database's clock is the machine's). */
export async function etapas(database: Database): Promise<Etapas[]> {
  return consultar<Etapas>(
    database.db,
    sql`select substring(i.endpoint from '/push/([0-9]+)$')::int as i,
               extract(epoch from l.enfileirado)::float8 * 1000 as enfileirado,
               extract(epoch from l.reservado)::float8 * 1000 as reservado,
               extract(epoch from l.apagado)::float8 * 1000 as apagado,
               l.tentativas
        from bench_push_log l join push_inscricoes i on i.id = l.inscricao_id`,
  );
}

/** Notifications written and messages still queued (undelivered, or waiting for a retry). */
export async function contagens(database: Database) {
  const [r] = await consultar<{ notificacoes: number; fila: number }>(
    database.db,
    sql`select (select count(*)::int from notificacoes) as notificacoes, (select count(*)::int from push_fila) as fila`,
  );
  return r ?? { notificacoes: 0, fila: 0 };
}
