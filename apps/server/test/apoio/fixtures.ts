import { sql } from 'drizzle-orm';
import type { Permissao } from '@rastro/shared/permissoes';
import { consultar } from '../../src/db/client';
import { nivelPermissoes, niveis } from '../../src/modules/usuarios/schema';
import { NIVEL_CLIENTE } from '../../src/modules/usuarios/seed';
import { hashSenha, novoToken, sha256 } from '../../src/lib/cripto';
import { criarSessao } from '../../src/modules/auth/repository';
import { idDoNivel, inserir } from '../../src/modules/usuarios/repository';
import type { TestApp } from './helpers';

let seq = 0;

/** A level with exactly these permissions (not a client level). */
export async function criarNivel(app: TestApp, nome: string, permissoes: Permissao[]) {
  const [n] = await app.database.db.insert(niveis).values({ nome, isClient: false }).returning({ id: niveis.id });
  if (!n) throw new Error('nivel');
  if (permissoes.length)
    await app.database.db.insert(nivelPermissoes).values(permissoes.map((permissao) => ({ nivelId: n.id, permissao })));
  return n.id;
}

/** A session token for a user, minted as /oauth/token would (tests of other things skip the captcha). */
export async function tokenPara(app: TestApp, usuarioId: number) {
  const token = novoToken();
  await criarSessao(app.database.db, usuarioId, sha256(token), new Date(Date.now() + 3_600_000));
  return token;
}

/** A user with a password, created straight in the database; returns its id and a session token. */
export async function criarUsuarioLogado(app: TestApp, opts: { nivelId?: number; nome?: string } = {}) {
  seq += 1;
  const email = `u${seq}.${Date.now()}@rastro.test`;
  const senha = 'senha-de-teste-1';
  const nivelId = opts.nivelId ?? (await idDoNivel(app.database.db, NIVEL_CLIENTE));
  if (nivelId === undefined) throw new Error('nivel');
  const u = await inserir(app.database.db, { nome: opts.nome ?? `USUARIO ${seq}`, email, senhaHash: await hashSenha(senha), nivelId });
  return { id: u.id, email, senha, token: await tokenPara(app, u.id) };
}

export async function criarCliente(app: TestApp, nome?: string) {
  return criarUsuarioLogado(app, nome ? { nome } : {});
}

/** Links a tracker to an owner, as "Meus rastreadores" will. */
export async function vincular(app: TestApp, usuarioId: number, rastreadorId: number, descricao = 'REX') {
  await app.database.db.execute(
    sql`insert into usuario_rastreadores (usuario_id, rastreador_id, descricao) values (${usuarioId}, ${rastreadorId}, ${descricao})`,
  );
  await app.database.db.execute(sql`update rastreadores set situacao = 'ATIVO' where id = ${rastreadorId}`);
}

export async function contar(app: TestApp, tabela: string, where = sql`true`) {
  const [r] = await consultar<{ n: number }>(app.database.db, sql`select count(*)::int as n from ${sql.identifier(tabela)} where ${where}`);
  return r?.n ?? 0;
}

let chipSeq = 0;
/** A tracker an administrator registered (with its own chip), awaiting its owner's link. */
export async function registrarRastreador(app: TestApp, adminHeaders: Record<string, string>, imei: string) {
  chipSeq += 1;
  const numero = `119${String(Date.now() % 100_000).padStart(5, '0')}${String(chipSeq % 1000).padStart(3, '0')}`;
  const chip = await app.inject({
    method: 'POST',
    url: '/api/chips',
    headers: adminHeaders,
    payload: { descricao: `CHIP ${imei}`, numero },
  });
  if (chip.statusCode !== 201) throw new Error(`chip: ${chip.body}`);
  const r = await app.inject({
    method: 'POST',
    url: '/api/rastreadores',
    headers: adminHeaders,
    payload: { imei, protocolo: 'TOPIN', chipId: chip.json<{ id: number }>().id },
  });
  if (r.statusCode !== 201) throw new Error(`rastreador: ${r.body}`);
  return r.json<{ id: number }>().id;
}

/** The commands queued for a tracker, oldest first. */
export function comandosDe(app: TestApp, rastreadorId: number) {
  return consultar<{ tipo: string; status: string; parametros: Record<string, unknown> | null }>(
    app.database.db,
    sql`select tipo, status, parametros from comandos where rastreador_id = ${rastreadorId} order by id`,
  );
}
