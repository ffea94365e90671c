import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar, type Database } from '../../src/db/client';
import { NIVEL_CLIENTE } from '../../src/modules/usuarios/seed';
import { CANAL_PUSH } from '../../src/lib/canais';
import { criarSessao, revogarSessao, revogarSessoesDoUsuario } from '../../src/modules/auth/repository';
import { notificar, registrarAlarme } from '../../src/modules/notificacoes/service';
import { enfileirarPush } from '../../src/modules/push/service';
import { atualizar } from '../../src/modules/usuarios/admin-repository';
import { atualizarSenha } from '../../src/modules/usuarios/repository';
import { CANAL_SESSOES } from '../../src/plugins/cache-de-sessoes';
import { novoBanco } from '../apoio/helpers';

/**
 * What migrations 0006, 0011 and 0017 did by triggers is done by the code of the module that owns
 * it (issue #34, item 2; docs/adr/0025-efeitos-no-typescript.md): nothing is left in the schema
 * that writes or notifies behind the code; an insert of notifications queues its push in its own
 * statement, with the payload, title and single NOTIFY the trigger had; every change of tokens,
 * users or levels sends `rastro_sessoes` in its transaction. On a bare database: no app, so no
 * sender empties the queue under the test.
 */
let database: Database;
let seq = 0;

beforeAll(async () => {
  database = await novoBanco();
});
afterAll(async () => {
  await database.close();
});

async function usuario() {
  seq += 1;
  const [u] = await consultar<{ id: number }>(
    database.db,
    sql`insert into usuarios (nome, email, nivel_id, situacao)
        select ${`USUARIO ${seq}`}, ${`efeitos${seq}.${Date.now()}@rastro.test`}, id, true from niveis where nome = ${NIVEL_CLIENTE}
        returning id`,
  );
  if (!u) throw new Error('usuario');
  return u.id;
}

async function inscrever(usuarioId: number, vezes: number) {
  for (let i = 0; i < vezes; i++) {
    seq += 1;
    await database.db.execute(
      sql`insert into push_inscricoes (usuario_id, endpoint, p256dh, auth) values (${usuarioId}, ${`https://push.example/efeitos/${seq}`}, 'p', 'a')`,
    );
  }
}

/** A pet named `pet` of a new owner with `navegadores` subscriptions, and an accepted co-guardian with one. */
async function pet(pet: string, navegadores = 2) {
  const dono = await usuario();
  const guardia = await usuario();
  seq += 1;
  const [r] = await consultar<{ id: number }>(
    database.db,
    sql`insert into rastreadores (imei, protocolo, situacao) values (${`35933908${String(seq).padStart(7, '0')}`}, 'TOPIN', 'ATIVO') returning id`,
  );
  if (!r) throw new Error('rastreador');
  const [v] = await consultar<{ id: number }>(
    database.db,
    sql`insert into usuario_rastreadores (usuario_id, rastreador_id, descricao) values (${dono}, ${r.id}, ${pet}) returning id`,
  );
  if (!v) throw new Error('vinculo');
  await database.db.execute(
    sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
        values (${v.id}, ${`guardia${seq}@rastro.test`}, ${guardia}, ${`hash-efeitos-${seq}`}, now(), now())`,
  );
  await inscrever(dono, navegadores);
  await inscrever(guardia, 1);
  return { dono, guardia, rastreadorId: r.id };
}

/** The messages queued for a user's browsers, oldest first. */
const filaDe = (usuarioId: number) =>
  consultar<{ payload: string }>(
    database.db,
    sql`select f.payload from push_fila f join push_inscricoes i on i.id = f.inscricao_id where i.usuario_id = ${usuarioId} order by f.id`,
  );

const contar = async (tabela: string) =>
  (await consultar<{ n: number }>(database.db, sql`select count(*)::int as n from ${sql.identifier(tabela)}`))[0]?.n ?? 0;

/**
 * How many empty-payload NOTIFYs of `canal` `fn` caused. A marker sent after it, from another
 * transaction, arrives after them (notifications come in commit order), so none is missed.
 */
async function avisosDe(canal: string, fn: () => Promise<unknown>) {
  seq += 1;
  const marca = `fim-${seq}`;
  let n = 0;
  let chegou: () => void = () => undefined;
  const fim = new Promise<void>((r) => (chegou = r));
  const parar = await database.listen(canal, (p) => {
    if (p === marca) chegou();
    else if (p === '') n++;
  });
  try {
    await fn();
    await database.notify(canal, marca);
    await fim;
    return n;
  } finally {
    await parar();
  }
}

/** A transaction that throws `desfaz` at its end: rolled back, as the test meant. */
const desfeita = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('a transação devia ter sido desfeita');
    },
    (err: unknown) => {
      if (!(err instanceof Error && err.message === 'desfaz')) throw err;
    },
  );

const SOS = (descricao: string | null) => `Alerta de SOS do rastreador ${descricao ?? '?'}.`;

describe('effects in the code, none in the database', () => {
  it('no trigger is left in the schema, nor a function that notifies', async () => {
    const gatilhos = await consultar<{ nome: string }>(
      database.db,
      sql`select c.relname || '.' || t.tgname as nome from pg_trigger t
          join pg_class c on c.oid = t.tgrelid join pg_namespace s on s.oid = c.relnamespace
          where not t.tgisinternal and s.nspname = 'public'`,
    );
    expect(gatilhos).toEqual([]);
    const funcoes = await consultar<{ nome: string }>(
      database.db,
      sql`select p.proname as nome from pg_proc p join pg_namespace s on s.oid = p.pronamespace
          where s.nspname = 'public' and (p.prorettype = 'trigger'::regtype or p.prosrc ilike '%pg_notify%')`,
    );
    expect(funcoes).toEqual([]);
  });

  it('a notification inserted by hand in SQL queues no push and wakes nobody', async () => {
    const p = await pet('NADA');
    const antes = await contar('push_fila');
    const avisos = await avisosDe(CANAL_PUSH, () =>
      database.db.execute(
        sql`insert into notificacoes (usuario_id, rastreador_id, descricao) values (${p.dono}, ${p.rastreadorId}, 'À mão')`,
      ),
    );
    expect(avisos).toBe(0);
    expect(await contar('push_fila')).toBe(antes);
  });

  it('one insert of notifications queues a message per browser of each user, titled with the pet’s name, and wakes the senders once', async () => {
    const p = await pet('LUA');
    const semNavegador = await usuario();
    const avisos = await avisosDe(CANAL_PUSH, () =>
      notificar(
        database.db,
        [
          { usuarioId: p.dono, rastreadorId: p.rastreadorId, descricao: 'Modo perdido ativado para LUA' },
          { usuarioId: p.guardia, rastreadorId: p.rastreadorId, descricao: 'Modo perdido ativado para LUA' },
          { usuarioId: semNavegador, rastreadorId: p.rastreadorId, descricao: 'Modo perdido ativado para LUA' },
          { usuarioId: p.dono, rastreadorId: null, descricao: 'Sobre a "conta"' },
        ],
        enfileirarPush,
      ),
    );
    expect(avisos).toBe(1);
    const ids = await consultar<{ id: number; usuarioId: number; rastreadorId: number | null }>(
      database.db,
      sql`select id::float8 as id, usuario_id as "usuarioId", rastreador_id as "rastreadorId" from notificacoes
          where usuario_id in (${p.dono}, ${p.guardia}, ${semNavegador}) order by id`,
    );
    expect(ids).toHaveLength(4);
    const idDe = (usuarioId: number, rastreadorId: number | null) =>
      String(ids.find((n) => n.usuarioId === usuarioId && n.rastreadorId === rastreadorId)?.id);
    const doPet = (usuarioId: number) => ({
      titulo: 'LUA',
      corpo: 'Modo perdido ativado para LUA',
      rastreadorId: p.rastreadorId,
      url: `/user/mapa?rastreador=${p.rastreadorId}`,
      id: idDe(usuarioId, p.rastreadorId),
    });
    const semPet = { titulo: 'Rastro', corpo: 'Sobre a "conta"', rastreadorId: null, url: '/user/mapa', id: idDe(p.dono, null) };

    const doDono = await filaDe(p.dono);
    expect(doDono.map((f) => JSON.parse(f.payload) as unknown)).toEqual(
      expect.arrayContaining([doPet(p.dono), doPet(p.dono), semPet, semPet]),
    );
    expect(doDono).toHaveLength(4);
    // The co-guardian has no link of their own: the title is still the pet's name (migration 0017).
    expect((await filaDe(p.guardia)).map((f) => JSON.parse(f.payload) as unknown)).toEqual([doPet(p.guardia)]);
    expect(await filaDe(semNavegador)).toEqual([]);
    // The very text json_build_object wrote in the trigger.
    expect(doDono.map((f) => f.payload)).toContain(
      `{"titulo" : "Rastro", "corpo" : "Sobre a \\"conta\\"", "rastreadorId" : null, "url" : "/user/mapa", "id" : "${idDe(p.dono, null)}"}`,
    );
  });

  it('notifications to users without a browser, or none at all, queue nothing and wake nobody', async () => {
    const semNavegador = await usuario();
    const antes = await contar('push_fila');
    const avisos = await avisosDe(CANAL_PUSH, async () => {
      await notificar(database.db, [{ usuarioId: semNavegador, rastreadorId: null, descricao: 'Ninguém inscrito' }], enfileirarPush);
      await notificar(database.db, [], enfileirarPush);
    });
    expect(avisos).toBe(0);
    expect(await contar('push_fila')).toBe(antes);
  });

  it('a device alarm queues its push in the statement that opens the notification; a repeat in the window queues nothing', async () => {
    const p = await pet('THOR', 1);
    const regras = { janelaMs: 60_000 };
    const primeiro = await avisosDe(CANAL_PUSH, () => registrarAlarme(database.db, p.rastreadorId, 'SOS', SOS, regras, enfileirarPush));
    expect(primeiro).toBe(1);
    const esperado = { titulo: 'THOR', corpo: 'Alerta de SOS do rastreador THOR.', rastreadorId: p.rastreadorId };
    expect((await filaDe(p.dono)).map((f) => JSON.parse(f.payload) as unknown)).toEqual([expect.objectContaining(esperado)]);
    expect((await filaDe(p.guardia)).map((f) => JSON.parse(f.payload) as unknown)).toEqual([expect.objectContaining(esperado)]);

    const repetido = await avisosDe(CANAL_PUSH, () => registrarAlarme(database.db, p.rastreadorId, 'SOS', SOS, regras, enfileirarPush));
    expect(repetido).toBe(0);
    expect(await filaDe(p.dono)).toHaveLength(1);
    expect(await filaDe(p.guardia)).toHaveLength(1);
    const [n] = await consultar<{ linhas: number; contagem: number }>(
      database.db,
      sql`select count(*)::int as linhas, sum(contagem)::int as contagem from notificacoes where rastreador_id = ${p.rastreadorId}`,
    );
    expect(n).toEqual({ linhas: 2, contagem: 4 });
  });

  it('a transaction that rolls back leaves neither the notification nor its push, and wakes nobody', async () => {
    const p = await pet('BOB', 1);
    const avisos = await avisosDe(CANAL_PUSH, () =>
      desfeita(
        database.db.transaction(async (tx) => {
          await notificar(tx, [{ usuarioId: p.dono, rastreadorId: p.rastreadorId, descricao: 'Desfeita' }], enfileirarPush);
          throw new Error('desfaz');
        }),
      ),
    );
    expect(avisos).toBe(0);
    expect(await filaDe(p.dono)).toEqual([]);
    const [n] = await consultar<{ n: number }>(database.db, sql`select count(*)::int as n from notificacoes where descricao = 'Desfeita'`);
    expect(n?.n).toBe(0);
  });

  it('each change of tokens, users or levels tells every instance once its transaction commits; a new token does not', async () => {
    const u = await usuario();
    const tokenHash = `efeitos-token-${Date.now()}`;
    const umAviso = (fn: Parameters<typeof database.db.transaction>[0]) => avisosDe(CANAL_SESSOES, () => database.db.transaction(fn));
    expect(await umAviso((tx) => criarSessao(tx, u, tokenHash, new Date(Date.now() + 60_000)))).toBe(0);
    expect(await umAviso((tx) => revogarSessao(tx, tokenHash))).toBe(1);
    expect(await umAviso((tx) => revogarSessoesDoUsuario(tx, u))).toBe(1);
    expect(await umAviso((tx) => atualizarSenha(tx, u, 'hash'))).toBe(1);
    expect(await umAviso((tx) => atualizar(tx, u, { situacao: false }))).toBe(1);
    // Undone: nothing changed, nobody is told.
    expect(
      await avisosDe(CANAL_SESSOES, () =>
        desfeita(
          database.db.transaction(async (tx) => {
            await atualizar(tx, u, { situacao: true });
            throw new Error('desfaz');
          }),
        ),
      ),
    ).toBe(0);
    // By hand in SQL: no trigger tells anyone (the operator sends the NOTIFY, or waits the cache's 5 s).
    expect(await avisosDe(CANAL_SESSOES, () => database.db.execute(sql`update usuarios set situacao = true where id = ${u}`))).toBe(0);
  });
});
