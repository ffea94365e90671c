import { sql } from 'drizzle-orm';
import { consultar, NIVEL_CLIENTE, type Database } from '@rastro/server';
import { cadastrarFamilias, registrarRastreadores, type Grupo } from '../ingest/cadastro';
import { inscrever, inscricoes } from '../push/cadastro';

/**
 * bench/alarmes' registrations, straight into the database by SQL: the honest trackers (families
 * of two pets, half the owners with a history of notifications), and the flooding ones (one per
 * flood round, so each flood opens a fresh window), each seen by its owner and an accepted
 * co-guardian, both with an old SOS notification and a push subscription.
 */

/** A flooding tracker and who sees it (owner first). */
export interface Inundador {
  rastreadorId: number;
  imei: string;
  quemVe: number[];
}

/** Where the flood's push subscriptions point: nothing delivers in this benchmark, the queue only fills. */
const ORIGEM_PUSH = 'https://push.bench.rastro.invalid';
/** Past notifications of each honest owner with a history. */
const HISTORICO = 20;

export async function cadastrar(database: Database, honestos: number, inundadores: number) {
  const todos = await registrarRastreadores(database, honestos + inundadores);
  const grupo = await cadastrarFamilias(database, todos.slice(0, honestos), {
    primeiraFamilia: 0,
    porFamilia: 2,
    zonas: false,
    rotulo: 'HONESTO',
  });
  const floods = await cadastrarFamilias(database, todos.slice(honestos), {
    primeiraFamilia: Math.ceil(honestos / 2),
    porFamilia: 1,
    zonas: false,
    rotulo: 'INUNDA',
  });
  await coGuardioes(database, floods);
  const lista = await consultar<Inundador>(
    database.db,
    sql`select r.id as "rastreadorId", r.imei, array[ur.usuario_id, g.usuario_id] as "quemVe"
        from rastreadores r join usuario_rastreadores ur on ur.rastreador_id = r.id join guardioes g on g.usuario_rastreador_id = ur.id
        where r.id between ${floods.primeiro} and ${floods.ultimo} order by r.imei`,
  );
  if (lista.length !== inundadores) throw new Error(`${lista.length} de ${inundadores} rastreadores que inundam com dono e guardião`);
  await historico(database, grupo, lista);
  // After the history: the push queue (AoCriarNotificacoes, ADR 0025) takes only what is inserted once a subscription exists.
  const quem = lista.flatMap((i) => i.quemVe);
  await inscrever(database, quem, inscricoes(ORIGEM_PUSH, 'push', quem.length));
  return { honestos: grupo, inundadores: lista };
}

/** An accepted co-guardian (a user of their own) for each tracker of `g`. */
async function coGuardioes(database: Database, g: Grupo) {
  const [nivel] = await consultar<{ id: number }>(database.db, sql`select id from niveis where nome = ${NIVEL_CLIENTE}`);
  if (!nivel) throw new Error('nível de cliente ausente');
  await database.db.execute(
    sql`insert into usuarios (nome, email, nivel_id)
        select 'GUARDIÃO ' || id, 'guardiao' || id || '@bench.rastro.local', ${nivel.id}::int from rastreadores
        where id between ${g.primeiro} and ${g.ultimo}`,
  );
  await database.db.execute(
    sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
        select ur.id, u.email, u.id, encode(sha256(convert_to(u.email, 'UTF8')), 'hex'), now() + interval '7 days', now()
        from usuario_rastreadores ur join usuarios u on u.email = 'guardiao' || ur.rastreador_id || '@bench.rastro.local'
        where ur.rastreador_id between ${g.primeiro} and ${g.ultimo}`,
  );
}

/**
 * Notifications from before the run: every other honest owner has `HISTORICO` over the last
 * month (alarms of each kind and zone crossings, read), and each viewer of a flooding tracker an
 * SOS of yesterday, long out of the window: a flood must open a notification of its own.
 */
async function historico(database: Database, g: Grupo, inundadores: readonly Inundador[]) {
  await database.db.execute(
    sql`insert into notificacoes (usuario_id, rastreador_id, descricao, lida, tipo, data_cadastro)
        select ur.usuario_id, ur.rastreador_id, 'Alerta antigo ' || k, true,
               (array['SOS', 'VIBRACAO', 'BATERIA_FRACA', 'COLEIRA_RETIRADA', null])[1 + k % 5],
               now() - (k || ' days')::interval - (ur.rastreador_id || ' minutes')::interval
        from usuario_rastreadores ur, generate_series(1, ${HISTORICO}::int) k
        where ur.rastreador_id between ${g.primeiro} and ${g.ultimo} and ur.usuario_id % 2 = 0`,
  );
  await database.db.execute(
    sql`insert into notificacoes (usuario_id, rastreador_id, descricao, tipo, data_cadastro)
        select u::int, (x->>'rastreadorId')::int, 'Alerta de SOS de ontem.', 'SOS', now() - interval '1 day'
        from jsonb_array_elements(${JSON.stringify(inundadores)}::jsonb) x, jsonb_array_elements_text(x->'quemVe') u`,
  );
}

/** What a flood left in the database: its notifications (by viewer), yesterday's untouched, and the pushes queued. */
export async function conferir(database: Database, i: Inundador) {
  const novas = await consultar<{ usuarioId: number; linhas: number; contagem: number }>(
    database.db,
    sql`select usuario_id as "usuarioId", count(*)::int as linhas, sum(contagem)::int as contagem from notificacoes
        where rastreador_id = ${i.rastreadorId} and tipo = 'SOS' and data_cadastro > now() - interval '1 hour'
        group by usuario_id order by usuario_id`,
  );
  const [r] = await consultar<{ antigasIntactas: number; push: number }>(
    database.db,
    sql`select (select count(*)::int from notificacoes where rastreador_id = ${i.rastreadorId} and data_cadastro <= now() - interval '1 hour'
                  and contagem = 1 and ultima_em is null) as "antigasIntactas",
               (select count(*)::int from push_fila f join push_inscricoes s on s.id = f.inscricao_id
                  where s.usuario_id = any(${sql.param(i.quemVe)}::int[])) as push`,
  );
  return { novas, antigasIntactas: r?.antigasIntactas ?? 0, push: r?.push ?? 0 };
}

/** What is wrong in a flood's result (nothing: empty): one notification per viewer counting every alarm, one push each. */
export function problemas(i: Inundador, alarmes: number, c: Awaited<ReturnType<typeof conferir>>): string[] {
  const p: string[] = [];
  const porUsuario = new Map(c.novas.map((n) => [n.usuarioId, n]));
  for (const u of i.quemVe) {
    const n = porUsuario.get(u);
    if (!n) p.push(`usuário ${u} sem notificação`);
    else if (n.linhas !== 1 || n.contagem !== alarmes)
      p.push(`usuário ${u}: ${n.linhas} notificações somando ${n.contagem} (esperava 1 com ${alarmes})`);
  }
  for (const n of c.novas) if (!i.quemVe.includes(n.usuarioId)) p.push(`usuário ${n.usuarioId}, que não vê o rastreador, notificado`);
  if (c.antigasIntactas !== i.quemVe.length) p.push(`${i.quemVe.length - c.antigasIntactas} notificações de ontem alteradas`);
  if (c.push !== i.quemVe.length) p.push(`${c.push} mensagens de push na fila (esperava ${i.quemVe.length}, uma por pessoa)`);
  return p;
}
