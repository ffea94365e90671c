import { sql } from 'drizzle-orm';
import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/permissoes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { cpfValido } from '@rastro/testes/cpf';
import { criarCliente, criarNivel, criarUsuarioLogado } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/** A user manager (PER2 alone) manages clients; administrators are a full administrator's business. */
let app: TestApp;
let pleno: Record<string, string>;
let gestor: { id: number; email: string; token: string; h: Record<string, string> };
let nivelGestor = 0;
let nivelCliente = 0;

beforeAll(async () => {
  app = await criarApp();
  pleno = bearer(await entrar(app));
  nivelGestor = await criarNivel(app, 'GESTOR DE USUARIOS', [PER.USUARIOS]);
  const g = await criarUsuarioLogado(app, { nivelId: nivelGestor, nome: 'GESTOR' });
  gestor = { ...g, h: bearer(g.token) };
  const niveis = (await app.inject({ method: 'GET', url: '/api/niveis/select', headers: pleno })).json<{ id: number; nome: string }[]>();
  nivelCliente = niveis.find((n) => n.nome === 'Cliente')?.id ?? 0;
});
afterAll(async () => {
  await app.fechar();
});

let seq = 200;
const form = (o: Record<string, unknown>) => ({
  nome: 'FULANO',
  email: `fulano${++seq}@rastro.test`,
  cpf: cpfValido(seq),
  nivelId: nivelCliente,
  telefoneCelular: '(11) 9 8765-4321',
  ...o,
});
const salvar = (h: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/usuarios', headers: h, payload });
const nivelDe = async (id: number) =>
  (await consultar<{ nivel_id: number }>(app.database.db, sql`select nivel_id from usuarios where id = ${id}`))[0]?.nivel_id;

describe('only a full administrator makes administrators', () => {
  it('a user manager cannot raise its own level, nor give anyone an administrator level', async () => {
    const proprio = await salvar(gestor.h, form({ id: gestor.id, nome: 'GESTOR', email: gestor.email, nivelId: 1 }));
    expect(proprio.statusCode).toBe(403);
    expect(proprio.json<{ message: string }>().message).toBe(MSG.somenteAdministradorPleno);
    expect(await nivelDe(gestor.id)).toBe(nivelGestor);
    const novoAdmin = await salvar(gestor.h, form({ nivelId: nivelGestor }));
    expect(novoAdmin.statusCode).toBe(403);
    // Clients it manages as before.
    const cliente = await salvar(gestor.h, form({}));
    expect(cliente.statusCode, cliente.body).toBe(201);
    const id = cliente.json<{ id: number }>().id;
    expect((await salvar(gestor.h, form({ id, nome: 'FULANO ALTERADO' }))).statusCode).toBe(200);
    // ... but cannot promote one.
    expect((await salvar(gestor.h, form({ id, nivelId: nivelGestor }))).statusCode).toBe(403);
    expect(await nivelDe(id)).toBe(nivelCliente);
  });

  it('a user manager cannot change or stop another administrator', async () => {
    const outro = await criarUsuarioLogado(app, { nivelId: await criarNivel(app, 'OUTRO ADMIN', [PER.CHIPS]) });
    expect((await salvar(gestor.h, form({ id: outro.id, email: outro.email, nome: 'TOMADO' }))).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/${outro.id}`, headers: gestor.h })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/1`, headers: gestor.h })).statusCode).toBe(403);
  });

  it('a full administrator can do all of it', async () => {
    const res = await salvar(pleno, form({ nivelId: nivelGestor }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect((await app.inject({ method: 'DELETE', url: `/api/usuarios/inativar/${id}`, headers: pleno })).statusCode).toBe(200);
  });
});

describe('emulation is of active clients only, and every request is audited', () => {
  it('refuses emulating an administrator or an inactive client, at the start and on every request', async () => {
    const outro = await criarUsuarioLogado(app, { nivelId: nivelGestor });
    const inativo = await criarCliente(app);
    await app.database.db.execute(sql`update usuarios set situacao = false where id = ${inativo.id}`);
    for (const alvo of [1, outro.id, inativo.id]) {
      const inicio = await app.inject({ method: 'GET', url: `/api/usuarios/${alvo}/emulacao`, headers: gestor.h });
      expect(inicio.statusCode).toBe(403);
      expect(inicio.json<{ message: string }>().message).toBe(MSG.emulacaoSomenteClientes);
      // The header alone does not get there either.
      const direto = await app.inject({
        method: 'GET',
        url: '/api/usuarios/rastreadores',
        headers: { ...gestor.h, 'x-usuario-emulado': String(alvo) },
      });
      expect(direto.statusCode).toBe(403);
    }
  });

  it('audits an emulated read', async () => {
    const c = await criarCliente(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/usuarios/rastreadores',
      headers: { ...gestor.h, 'x-usuario-emulado': String(c.id) },
    });
    expect(res.statusCode).toBe(200);
    const linhas = await consultar<{ acao: string; emulador_id: number }>(
      app.database.db,
      sql`select acao, emulador_id from auditoria where usuario_id = ${c.id} order by id`,
    );
    expect(linhas).toEqual([{ acao: 'EMULACAO_REQUISICAO', emulador_id: gestor.id }]);
  });
});
