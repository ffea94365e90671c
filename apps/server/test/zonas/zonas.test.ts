import { sql } from 'drizzle-orm';
import { MSG } from '@rastro/shared/messages';
import type { Erro, Page } from '@rastro/shared/schemas/common';
import type { EventoZona, Zona } from '@rastro/shared/schemas/zonas';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

/** The safe zone API: the owner's zones only, geometry checked, a change resets the trackers' state. */
let app: TestApp;
let ana: Record<string, string>;
let bia: Record<string, string>;
let anaId = 0;
let thor = 0;
let rex = 0;
let daBia = 0;

const circulo = (extra: Record<string, unknown> = {}) => ({
  nome: 'CASA',
  tipo: 'CIRCULO',
  latitude: -23.5614,
  longitude: -46.6559,
  raioMetros: 80,
  rastreadorIds: [thor],
  alertarSaida: true,
  alertarEntrada: false,
  ...extra,
});
const quadrado = [
  { latitude: -23.561, longitude: -46.656 },
  { latitude: -23.561, longitude: -46.655 },
  { latitude: -23.562, longitude: -46.655 },
  { latitude: -23.562, longitude: -46.656 },
];

beforeAll(async () => {
  app = await criarApp();
  const admin = bearer(await entrar(app));
  const a = await criarCliente(app, 'ANA');
  const b = await criarCliente(app, 'BIA');
  anaId = a.id;
  ana = bearer(a.token);
  bia = bearer(b.token);
  thor = await registrarRastreador(app, admin, '359339080017001');
  rex = await registrarRastreador(app, admin, '359339080017002');
  daBia = await registrarRastreador(app, admin, '359339080017003');
  await vincular(app, a.id, thor, 'THOR');
  await vincular(app, a.id, rex, 'REX');
  await vincular(app, b.id, daBia, 'MEL');
});
afterAll(() => app.fechar());

const post = (h: Record<string, string>, payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/api/zonas', headers: h, payload });
const erros = (r: { json: <T>() => T }) => r.json<Erro>().errors?.map((e) => `${e.campo}: ${e.message}`);

describe('/api/zonas', () => {
  it('creates, reads, lists, changes and deletes the owner’s circle and polygon', async () => {
    const c = await post(ana, circulo());
    expect(c.statusCode).toBe(201);
    const zona = c.json<Zona>();
    expect(zona).toMatchObject({
      nome: 'CASA',
      tipo: 'CIRCULO',
      latitude: -23.5614,
      longitude: -46.6559,
      raioMetros: 80,
      pontos: [],
      rastreadorIds: [thor],
      alertarSaida: true,
      alertarEntrada: false,
    });
    const p = await post(ana, {
      nome: 'PRACA',
      tipo: 'POLIGONO',
      pontos: quadrado,
      rastreadorIds: [thor, rex],
      alertarSaida: false,
      alertarEntrada: true,
    });
    expect(p.statusCode).toBe(201);
    expect(p.json<Zona>()).toMatchObject({
      tipo: 'POLIGONO',
      latitude: null,
      raioMetros: null,
      pontos: quadrado,
      rastreadorIds: [thor, rex].sort((x, y) => x - y),
    });

    const lista = await app.inject({ url: '/api/zonas', headers: ana });
    expect(lista.json<Zona[]>().map((z) => z.nome)).toEqual(['CASA', 'PRACA']);
    expect((await app.inject({ url: `/api/zonas/${zona.id}`, headers: ana })).json<Zona>().id).toBe(zona.id);

    const alterada = await app.inject({
      method: 'PUT',
      url: `/api/zonas/${zona.id}`,
      headers: ana,
      payload: circulo({ nome: 'QUINTAL', raioMetros: 25, rastreadorIds: [] }),
    });
    expect(alterada.statusCode).toBe(200);
    expect(alterada.json<Zona>()).toMatchObject({ nome: 'QUINTAL', raioMetros: 25, rastreadorIds: [] });

    const apagada = await app.inject({ method: 'DELETE', url: `/api/zonas/${zona.id}`, headers: ana });
    expect(apagada.statusCode).toBe(204);
    expect(apagada.body).toBe('');
    expect((await app.inject({ url: `/api/zonas/${zona.id}`, headers: ana })).statusCode).toBe(404);
  });

  it('answers 404 for another user’s zone and for a tracker that is not the caller’s', async () => {
    const zona = (await post(ana, circulo())).json<Zona>();
    for (const r of [
      await app.inject({ url: `/api/zonas/${zona.id}`, headers: bia }),
      await app.inject({ method: 'PUT', url: `/api/zonas/${zona.id}`, headers: bia, payload: circulo({ rastreadorIds: [] }) }),
      await app.inject({ method: 'DELETE', url: `/api/zonas/${zona.id}`, headers: bia }),
      await app.inject({ url: `/api/zonas/${zona.id}/eventos`, headers: bia }),
      await post(ana, circulo({ rastreadorIds: [daBia] })),
      await post(bia, circulo({ rastreadorIds: [thor] })),
      await app.inject({ method: 'PUT', url: `/api/zonas/${zona.id}`, headers: ana, payload: circulo({ rastreadorIds: [thor, daBia] }) }),
    ]) {
      expect(r.statusCode).toBe(404);
      expect(r.json<Erro>().message).toBe(MSG.naoEncontrado);
    }
    expect((await app.inject({ url: '/api/zonas', headers: bia })).json<Zona[]>()).toEqual([]);
    // Ana's zone is untouched by Bia's attempts.
    expect((await app.inject({ url: `/api/zonas/${zona.id}`, headers: ana })).json<Zona>().rastreadorIds).toEqual([thor]);
    expect((await app.inject({ url: '/api/zonas' })).statusCode).toBe(401);
  });

  it('refuses invalid geometry with the field and a pt-BR message', async () => {
    const casos: [Record<string, unknown>, string][] = [
      [circulo({ raioMetros: 19 }), `raioMetros: ${MSG.raioZonaInvalido}`],
      [circulo({ raioMetros: 50_001 }), `raioMetros: ${MSG.raioZonaInvalido}`],
      [circulo({ latitude: 91 }), `latitude: ${MSG.campoInvalido}`],
      [circulo({ latitude: undefined }), `latitude: ${MSG.campoObrigatorio}`],
      [circulo({ nome: '  ' }), `nome: ${MSG.campoObrigatorio}`],
      [circulo({ nome: 'X'.repeat(51) }), 'nome: Máximo de 50 caracteres.'],
      [circulo({ alertarSaida: false, alertarEntrada: false }), `alertarSaida: ${MSG.alertaZonaObrigatorio}`],
      [circulo({ rastreadorIds: [thor, thor] }), `rastreadorIds: ${MSG.rastreadorRepetido}`],
      [{ ...circulo(), tipo: 'POLIGONO', pontos: quadrado.slice(0, 2) }, `pontos: ${MSG.pontosZonaInvalidos}`],
      [
        { ...circulo(), tipo: 'POLIGONO', pontos: [quadrado[0], quadrado[2], quadrado[1], quadrado[3]] },
        `pontos: ${MSG.poligonoAutoIntersecta}`,
      ],
      [
        {
          ...circulo(),
          tipo: 'POLIGONO',
          pontos: Array.from({ length: 101 }, (_, i) => ({
            latitude: -23 + Math.sin(i / 16) / 100,
            longitude: -46 + Math.cos(i / 16) / 100,
          })),
        },
        `pontos: ${MSG.pontosZonaInvalidos}`,
      ],
      [{ ...circulo(), tipo: 'TRIANGULO' }, `tipo: ${MSG.campoObrigatorio}`],
    ];
    for (const [payload, esperado] of casos) {
      const r = await post(ana, payload);
      expect(r.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(erros(r)).toContain(esperado);
    }
  });

  it('refuses a zone, pet or link text with a bidi override or another invisible character (pt-BR), storing nothing', async () => {
    const antes = (await app.inject({ method: 'GET', url: '/api/zonas', headers: ana })).json<Zona[]>().length;
    for (const nome of ['CASA\u202Egpj.exe', 'CA\u200BSA', 'CASA\nMEL']) {
      const r = await post(ana, circulo({ nome }));
      expect(r.statusCode, JSON.stringify(nome)).toBe(400);
      expect(r.json<Erro>().message).toBe(MSG.caracteresInvisiveis);
      expect(erros(r)).toEqual([`nome: ${MSG.caracteresInvisiveis}`]);
    }
    expect((await app.inject({ method: 'GET', url: '/api/zonas', headers: ana })).json<Zona[]>()).toHaveLength(antes);

    // The pet's name (its tracker's descrição) goes into push titles and e-mails.
    const pet = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: ana,
      payload: { imei: '359339080017009', descricao: 'THOR\u202E', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    });
    expect(pet.statusCode).toBe(400);
    expect(erros(pet)).toEqual([`descricao: ${MSG.caracteresInvisiveis}`]);

    // The link's message is multi-line: a line break is text, a bidi override is not.
    const [meu] = (await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores', headers: ana })).json<Page<{ id: number }>>()
      .content;
    const link = (mensagem: string) =>
      app.inject({ method: 'POST', url: `/api/usuarios/rastreadores/${meu?.id}/links`, headers: ana, payload: { horas: 1, mensagem } });
    const recusado = await link('Ligue\u202E 11 98888-7777');
    expect(recusado.statusCode).toBe(400);
    expect(erros(recusado)).toEqual([`mensagem: ${MSG.caracteresInvisiveis}`]);
    expect((await link('Se encontrar,\nligue 11 98888-7777')).statusCode).toBe(201);
  });

  it('limits how many zones a user has', async () => {
    const c = await criarCliente(app, 'CAIO');
    const h = bearer(c.token);
    for (let i = 0; i < 50; i++) expect((await post(h, circulo({ nome: `Z${i}`, rastreadorIds: [] }))).statusCode).toBe(201);
    const r = await post(h, circulo({ nome: 'DEMAIS', rastreadorIds: [] }));
    expect(r.statusCode).toBe(409);
    expect(r.json<Erro>().message).toBe(MSG.limiteZonas);
  });

  it('lists a zone’s events and a tracker’s, newest first, and resets states when the zone changes', async () => {
    const zona = (await post(ana, circulo({ nome: 'PARQUE' }))).json<Zona>();
    const db = app.database.db;
    await db.execute(sql`insert into zona_eventos (zona_id, rastreador_id, tipo, data_hora, latitude, longitude) values
      (${zona.id}, ${thor}, 'SAIDA', '2026-11-20T10:00:00Z', -23.57, -46.66),
      (${zona.id}, ${thor}, 'ENTRADA', '2026-11-20T11:00:00Z', -23.5614, -46.6559)`);
    await db.execute(sql`insert into zona_estados (zona_id, rastreador_id, estado, data_hora) values (${zona.id}, ${thor}, 'FORA', now())`);

    const r = await app.inject({ url: `/api/zonas/${zona.id}/eventos?size=1`, headers: ana });
    const pagina = r.json<Page<EventoZona>>();
    expect(pagina.totalElements).toBe(2);
    expect(pagina.content[0]).toEqual({
      id: expect.any(Number),
      zonaId: zona.id,
      zona: 'PARQUE',
      rastreadorId: thor,
      descricao: 'THOR',
      tipo: 'ENTRADA',
      dataHora: '2026-11-20T11:00:00.000Z',
      latitude: -23.5614,
      longitude: -46.6559,
    });

    // The map shows THOR outside PARQUE (a zone alerting on leaving) while its state says so.
    const mapa = await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: ana });
    expect(mapa.statusCode).toBe(200);
    await db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values (${thor}, 'GPS', now(), -23.57, -46.66)`,
    );
    await recalcularLocalizacoesAtuais(db);
    const marcadores = (
      await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: ana })
    ).json<Marcador[]>();
    expect(marcadores.find((m) => m.rastreadorId === thor)?.foraDeZonas).toEqual(['PARQUE']);

    const [link] = await consultar<{ id: number }>(db, sql`select id from usuario_rastreadores where rastreador_id = ${thor}`);
    const vinculo = link?.id ?? 0;
    const doThor = await app.inject({ url: `/api/usuarios/rastreadores/${vinculo}/eventos-zonas`, headers: ana });
    expect(doThor.json<Page<EventoZona>>().content.map((e) => e.tipo)).toEqual(['ENTRADA', 'SAIDA']);
    expect((await app.inject({ url: `/api/usuarios/rastreadores/${vinculo}/eventos-zonas`, headers: bia })).statusCode).toBe(404);

    // Changing the zone starts every state over: THOR is no longer shown outside.
    await app.inject({ method: 'PUT', url: `/api/zonas/${zona.id}`, headers: ana, payload: circulo({ nome: 'PARQUE', raioMetros: 200 }) });
    const depois = (await app.inject({ url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: ana })).json<
      Marcador[]
    >();
    expect(depois.find((m) => m.rastreadorId === thor)?.foraDeZonas).toEqual([]);
    expect(anaId).toBeGreaterThan(0);
  });
});
