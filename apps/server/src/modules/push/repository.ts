import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { consultar, type Executor } from '../../db/client';
import { contagem } from '../../db/listas';
import { pushFila, pushInscricoes } from './schema';
import { CANAL_PUSH } from '../../lib/canais';

/** The advisory lock (two keys: this one and the user's id) held while a user's subscriptions are counted and added. */
const LOCK_INSCRICOES = 0x7075_7368;

export async function travarInscricoesDoUsuario(tx: Executor, usuarioId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_INSCRICOES}, ${usuarioId})`);
}

export async function quantasDoUsuario(db: Executor, usuarioId: number) {
  const [r] = await db.select(contagem).from(pushInscricoes).where(eq(pushInscricoes.usuarioId, usuarioId));
  return r?.n ?? 0;
}

export async function donoDoEndpoint(db: Executor, endpoint: string) {
  const [r] = await db.select({ usuarioId: pushInscricoes.usuarioId }).from(pushInscricoes).where(eq(pushInscricoes.endpoint, endpoint));
  return r?.usuarioId;
}

/** The browser's subscription belongs to whoever subscribed it last; returns whether it is new. */
export async function gravarInscricao(db: Executor, usuarioId: number, s: { endpoint: string; p256dh: string; auth: string }) {
  const [r] = await consultar<{ nova: boolean }>(
    db,
    sql`insert into push_inscricoes (usuario_id, endpoint, p256dh, auth) values (${usuarioId}, ${s.endpoint}, ${s.p256dh}, ${s.auth})
        on conflict (endpoint) do update set usuario_id = excluded.usuario_id, p256dh = excluded.p256dh, auth = excluded.auth
        returning (xmax = 0) as nova`,
  );
  return r?.nova ?? false;
}

/** This browser stops receiving the user's alerts (nothing happens to anyone else's); whether it was subscribed. */
export async function cancelarInscricao(db: Executor, usuarioId: number, endpoint: string) {
  const r = await db
    .delete(pushInscricoes)
    .where(and(eq(pushInscricoes.usuarioId, usuarioId), eq(pushInscricoes.endpoint, endpoint)))
    .returning({ id: pushInscricoes.id });
  return r.length > 0;
}

export async function removerPorId(db: Executor, id: number) {
  await db.delete(pushInscricoes).where(eq(pushInscricoes.id, id));
}

/**
 * One message in `push_fila` per browser of each notification's user, from `novas` (the rows an
 * insert of notifications created: `id`, `usuario_id`, `rastreador_id`, `descricao`), as a
 * data-modifying statement the insert runs as a CTE. The title is the pet's name for everyone
 * told — the owner and every co-guardian — found by the tracker in its owner's link (`v_vinculos`),
 * and 'Rastro' without a tracker (migration 0017's rule). Each queued row returns a
 * `pg_notify('rastro_push', '')`: PostgreSQL sends identical notifications of one transaction
 * once, at commit, and none when nothing was queued (nobody subscribed).
 * The notificacoes module's `AoCriarNotificacoes`, handed to the writers of notifications where they
 * are composed: the gateway's alarms (gateway/servicos.ts), and through `notificarComPush`.
 */
export const enfileirarPush = (novas: SQL) =>
  sql`insert into push_fila (inscricao_id, payload)
      select i.id, json_build_object(
          'titulo', coalesce(v.descricao, 'Rastro'),
          'corpo', n.descricao,
          'rastreadorId', n.rastreador_id,
          'url', case when n.rastreador_id is null then '/user/mapa' else '/user/mapa?rastreador=' || n.rastreador_id end,
          'id', n.id::text)::text
      from ${novas} n
      join push_inscricoes i on i.usuario_id = n.usuario_id
      left join v_vinculos v on v.rastreador_id = n.rastreador_id
      returning pg_notify(${sql.raw(`'${CANAL_PUSH}'`)}, '')`;

export interface Envio {
  id: number;
  inscricaoId: number;
  payload: string;
  tentativas: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Claims up to `limite` due messages for `leaseMs` (their next attempt moves into the future), so
 * another instance, or this one after a crash, retries them only once the lease runs out.
 */
export function reservar(db: Executor, limite: number, leaseMs: number) {
  return consultar<Envio>(
    db,
    sql`with due as (
          select id from push_fila where proxima_tentativa <= now() order by id limit ${limite} for update skip locked
        ), r as (
          update push_fila f set proxima_tentativa = now() + ${`${leaseMs} milliseconds`}::interval, tentativas = f.tentativas + 1
          from due where f.id = due.id
          returning f.id, f.inscricao_id, f.payload, f.tentativas
        )
        select r.id, r.inscricao_id as "inscricaoId", r.payload, r.tentativas, i.endpoint, i.p256dh, i.auth
        from r join push_inscricoes i on i.id = r.inscricao_id order by r.id`,
  );
}

export async function entregues(db: Executor, ids: readonly number[]) {
  if (ids.length > 0) await db.delete(pushFila).where(inArray(pushFila.id, [...ids]));
}

/**
 * The next attempt in `esperaMs`, unless the message was claimed again since (`tentativas` moved
 * on): a late answer never shortens a newer claim's lease.
 */
export async function reagendar(db: Executor, id: number, tentativas: number, esperaMs: number, erro: string) {
  await db
    .update(pushFila)
    .set({ proximaTentativa: sql`now() + ${`${esperaMs} milliseconds`}::interval`, ultimoErro: erro.slice(0, 1000) })
    .where(and(eq(pushFila.id, id), eq(pushFila.tentativas, tentativas)));
}
