import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { rodadaDeCobranca } from '../../src/modules/pagamentos/cobrador';
import { hojeEm, somarDias } from '../../src/modules/pagamentos/periodos';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { abrirSocket, ate } from '../apoio/socket-ao-vivo';

const PIX = { PIX_CHAVE: '12345678000195', PIX_RECEBEDOR_NOME: 'Rastro', PIX_RECEBEDOR_CIDADE: 'Curitiba' };
const RECEBEDOR = { chave: PIX.PIX_CHAVE, nome: PIX.PIX_RECEBEDOR_NOME, cidade: PIX.PIX_RECEBEDOR_CIDADE };

let app: TestApp;
let porta = 0;
let admin: Record<string, string>;
let dono: { id: number; token: string };
let outro: { id: number; token: string };

beforeAll(async () => {
  app = await criarApp(PIX);
  admin = bearer(await entrar(app));
  dono = await criarCliente(app, 'DONO DINO');
  outro = await criarCliente(app, 'OUTRA OLGA');
  const rastreadorId = await registrarRastreador(app, admin, '359339080000888');
  await vincular(app, dono.id, rastreadorId, 'PAÇOCA');
  const [v] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  const plano = (
    await app.inject({
      method: 'POST',
      url: '/api/planos',
      headers: admin,
      payload: { nome: 'Mensal', valorCentavos: 2490, periodo: 'MENSAL', diasCarencia: 2 },
    })
  ).json<{ id: number }>().id;
  const r = await app.inject({
    method: 'POST',
    url: '/api/usuarios/assinaturas',
    headers: bearer(dono.token),
    payload: { usuarioRastreadorId: v?.id, planoId: plano, forma: 'PIX' },
  });
  if (r.statusCode !== 201) throw new Error(r.body);
  await app.listen({ port: 0, host: '127.0.0.1' });
  porta = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.fechar();
});

describe('payments on the live channel', () => {
  it('a suspension and a payment reach the owner’s open screens at once, with the receipt notification; no one else hears of them', async () => {
    const doDono = await abrirSocket(porta, JSON.stringify({ token: dono.token }));
    const daOutra = await abrirSocket(porta, JSON.stringify({ token: outro.token }));

    const hoje = hojeEm(app.config.timezone);
    expect((await rodadaDeCobranca(app, RECEBEDOR, somarDias(hoje, 3), 10)).suspensas).toBe(1);
    await ate(() => doDono.eventos.find((e) => e.pagamentos));

    const [c] = await consultar<{ id: number }>(app.database.db, sql`select id from cobrancas where situacao = 'VENCIDO'`);
    doDono.eventos.length = 0;
    const baixa = await app.inject({
      method: 'POST',
      url: `/api/pagamentos/${c?.id}/baixa`,
      headers: admin,
      payload: { observacao: 'Conferido no extrato' },
    });
    expect(baixa.statusCode).toBe(200);
    await ate(() => doDono.eventos.find((e) => e.pagamentos));
    const recibo = await ate(() => doDono.eventos.flatMap((e) => e.notificacoes).find((n) => n.descricao.startsWith('Pagamento')));
    expect(recibo.descricao).toBe('Pagamento de R$ 24,90 recebido: a assinatura de PAÇOCA está em dia.');
    // The pet's map came back: its marker arrives on its own.
    await ate(() => doDono.eventos.flatMap((e) => e.rastreadores).find((r) => r.descricao === 'PAÇOCA'));

    await new Promise((r) => setTimeout(r, 300));
    expect(daOutra.eventos).toEqual([]);
    doDono.ws.close();
    daOutra.ws.close();
  });
});
