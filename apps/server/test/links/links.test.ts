import type { AddressInfo } from 'node:net';
import { request } from 'node:http';
import { sql } from 'drizzle-orm';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { MSG } from '@rastro/shared/messages';
import type { Link, LinkCriado, LinkPublico } from '@rastro/shared/schemas/links';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { sha256 } from '../../src/lib/cripto';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';
import { TEST_ENV } from '../apoio/test-env';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

/**
 * Share links (issue #19): the owner's API, the public answer and its live stream over real HTTP,
 * revocation seen by another instance within a second, and the per-IP limit on the public routes.
 */
let app: TestApp;
/** A second instance on the same database. */
let outra: Awaited<ReturnType<typeof buildApp>>;
let gw: GatewayTopin;
let portaGw = 0;
let urlA = '';
let urlB = '';
let ana: { id: number; token: string; h: Record<string, string> };
let bia: { id: number; token: string; h: Record<string, string> };
let thor: { id: number; rastreadorId: number; imei: string };

beforeAll(async () => {
  app = await criarApp({ PUBLICO_LIMIT_IP: '1000' });
  outra = await buildApp({
    config: loadConfig({ ...TEST_ENV, DATA_DIR: app.dataDir, PUBLICO_LIMIT_IP: '1000' }),
    database: app.database,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  await outra.listen({ port: 0, host: '127.0.0.1' });
  urlA = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  urlB = `http://127.0.0.1:${(outra.server.address() as AddressInfo).port}`;
  gw = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 30_000, maxConexoesPorIp: 100, maxBuffer: 4096 });
  portaGw = await gw.iniciar();
  const a = await criarCliente(app, 'ANA');
  ana = { ...a, h: bearer(a.token) };
  const b = await criarCliente(app, 'BIA');
  bia = { ...b, h: bearer(b.token) };
  const imei = `35933908030${String(Date.now() % 10_000).padStart(4, '0')}`;
  const rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  await vincular(app, ana.id, rastreadorId, 'THOR');
  const [l] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from usuario_rastreadores where rastreador_id = ${rastreadorId}`,
  );
  thor = { id: l?.id ?? 0, rastreadorId, imei };
  // Three hours of walk: only the last two are public.
  await app.database.db.execute(sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values
    (${rastreadorId}, 'GPS', now() - interval '3 hours', -23.50, -46.60),
    (${rastreadorId}, 'GPS', now() - interval '90 minutes', -23.51, -46.61),
    (${rastreadorId}, 'WIFI', now() - interval '30 minutes', -23.52, -46.62)`);
  await app.database.db.execute(sql`update localizacoes set precisao = 45 where rastreador_id = ${rastreadorId} and tipo = 'WIFI'`);
  await recalcularLocalizacoesAtuais(app.database.db);
  await app.database.db.execute(sql`update rastreadores set bateria = 64 where id = ${rastreadorId}`);
});
afterAll(async () => {
  await gw.parar();
  await outra.close();
  await app.fechar();
});

const criar = (body: unknown, h = ana.h, id = thor.id) =>
  app.inject({ method: 'POST', url: `/api/usuarios/rastreadores/${id}/links`, headers: h, payload: body as object });
const tokenDe = (l: LinkCriado) => l.url.split('/p/')[1] ?? '';
const publico = (token: string, base = urlA) => fetch(`${base}/api/publico/links/${token}`);

/** An SSE stream read as it arrives. */
function abrirFluxo(url: string) {
  let texto = '';
  let status = 0;
  let fechado = false;
  const pronto = new Promise<void>((resolve, reject) => {
    const req = request(url, (res) => {
      status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (c: string) => (texto += c));
      res.on('end', () => (fechado = true));
      resolve();
    });
    req.on('error', reject);
    req.end();
  });
  return {
    pronto,
    status: () => status,
    texto: () => texto,
    fechado: () => fechado,
    async esperar(trecho: string, ms = 5000) {
      const fim = Date.now() + ms;
      while (!texto.includes(trecho)) {
        if (Date.now() > fim) throw new Error(`o fluxo não recebeu ${trecho}; recebeu ${texto}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
  };
}

describe('share links: the owner', () => {
  it('creates a link whose URL carries a 256-bit token kept only as a hash, lists and revokes it', async () => {
    const r = await criar({ horas: 48, mensagem: '  Se encontrar, ligue (11) 98888-7777  ' });
    expect(r.statusCode).toBe(201);
    const link = r.json<LinkCriado>();
    expect(link.url).toMatch(/^http:\/\/rastro\.test\/p\/[A-Za-z0-9_-]{43}$/);
    const horas = (new Date(link.expiraEm).getTime() - Date.now()) / 3_600_000;
    expect(horas).toBeGreaterThan(47.99);
    expect(horas).toBeLessThanOrEqual(48);
    const token = tokenDe(link);
    const guardado = await consultar<{ token_hash: string; mensagem: string }>(
      app.database.db,
      sql`select token_hash, mensagem from links_compartilhados where id = ${link.id}`,
    );
    expect(guardado).toEqual([{ token_hash: sha256(token), mensagem: 'Se encontrar, ligue (11) 98888-7777' }]);

    const lista = await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.id}/links`, headers: ana.h });
    expect(lista.statusCode).toBe(200);
    const item = lista.json<Record<string, unknown>[]>().find((l) => l.id === link.id);
    expect(item).toEqual({
      id: link.id,
      criadoEm: expect.any(String),
      expiraEm: link.expiraEm,
      mensagem: 'Se encontrar, ligue (11) 98888-7777',
      criadoPor: { id: ana.id, nome: 'ANA' },
      compartilharTelefone: false,
    });
    expect(lista.body).not.toContain(token);

    const rev = await app.inject({ method: 'DELETE', url: `/api/usuarios/rastreadores/${thor.id}/links/${link.id}`, headers: ana.h });
    expect(rev.statusCode).toBe(204);
    const depois = await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.id}/links`, headers: ana.h });
    expect(depois.json<{ id: number }[]>().map((l) => l.id)).not.toContain(link.id);
    const p = await publico(token);
    expect(p.status).toBe(410);
    expect(await p.json()).toEqual({ status: 410, message: MSG.linkExpirado });
  });

  it('validates hours and message, allows at most 20 active links, and answers 404 for another owner’s tracker', async () => {
    for (const horas of [0, 169, 1.5, undefined, '6']) {
      const r = await criar(horas === undefined ? { mensagem: 'sem prazo' } : { horas });
      expect(r.statusCode, String(horas)).toBe(400);
      expect(r.json<{ message: string }>().message).toBe(MSG.horasLinkInvalidas);
    }
    expect((await criar({ horas: 1, mensagem: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await criar({ horas: 1, mensagem: 'x'.repeat(200) })).statusCode).toBe(201);

    for (const [metodo, url] of [
      ['POST', `/api/usuarios/rastreadores/${thor.id}/links`],
      ['GET', `/api/usuarios/rastreadores/${thor.id}/links`],
      ['DELETE', `/api/usuarios/rastreadores/${thor.id}/links/1`],
    ] as const) {
      const r = await app.inject({ method: metodo, url, headers: bia.h, ...(metodo === 'POST' ? { payload: { horas: 1 } } : {}) });
      expect(r.statusCode, `${metodo} ${url}`).toBe(404);
      expect(r.json()).toEqual({ status: 404, message: MSG.naoEncontrado });
    }
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/usuarios/rastreadores/${thor.id}/links/999999`, headers: ana.h })).statusCode,
    ).toBe(404);

    const ativos = async () =>
      (await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.id}/links`, headers: ana.h })).json<unknown[]>().length;
    while ((await ativos()) < 20) expect((await criar({ horas: 1 })).statusCode).toBe(201);
    const demais = await criar({ horas: 1 });
    expect(demais.statusCode).toBe(409);
    expect(demais.json()).toEqual({ status: 409, message: MSG.limiteLinks });
    // An expired link does not count.
    await app.database.db.execute(
      sql`update links_compartilhados set expira_em = now() - interval '1 second' where id = (select min(id) from links_compartilhados where revogado_em is null and expira_em > now())`,
    );
    expect((await criar({ horas: 1 })).statusCode).toBe(201);
    await app.database.db.execute(sql`update links_compartilhados set revogado_em = now()`);
  });
});

describe('share links: the public page’s API', () => {
  it('answers exactly the pet’s name, position, accuracy, time, battery, message, expiry and last 2 hours — nothing else (no phone unless asked, no photo without one)', async () => {
    const link = (await criar({ horas: 2, mensagem: 'Ligue (11) 98888-7777' })).json<LinkCriado>();
    const r = await publico(tokenDe(link));
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-store');
    const corpo = (await r.json()) as LinkPublico;
    expect(Object.keys(corpo).sort()).toEqual(
      [
        'bateria',
        'dataHora',
        'descricao',
        'expiraEm',
        'foto',
        'latitude',
        'longitude',
        'mensagem',
        'precisaoMetros',
        'rastro',
        'telefone',
      ].sort(),
    );
    expect(corpo).toMatchObject({ telefone: null, foto: null });
    expect(corpo).toMatchObject({
      descricao: 'THOR',
      latitude: -23.52,
      longitude: -46.62,
      precisaoMetros: 45,
      bateria: 64,
      mensagem: 'Ligue (11) 98888-7777',
      expiraEm: link.expiraEm,
    });
    expect(corpo.rastro.map((p) => [p.latitude, p.longitude])).toEqual([
      [-23.51, -46.61],
      [-23.52, -46.62],
    ]);
    expect(Object.keys(corpo.rastro[0] ?? {}).sort()).toEqual(['dataHora', 'latitude', 'longitude']);
    const texto = JSON.stringify(corpo);
    for (const segredo of [thor.imei, 'ANA', 'rastreadorId', 'imei', 'email']) expect(texto).not.toContain(segredo);
  });

  it('an unknown token is 404, an expired one 410', async () => {
    const r = await publico('x'.repeat(43));
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ status: 404, message: MSG.linkNaoEncontrado });
    const link = (await criar({ horas: 1 })).json<LinkCriado>();
    await app.database.db.execute(sql`update links_compartilhados set expira_em = now() - interval '1 second' where id = ${link.id}`);
    const expirado = await publico(tokenDe(link));
    expect(expirado.status).toBe(410);
    expect(await expirado.json()).toEqual({ status: 410, message: MSG.linkExpirado });
  });

  it('streams each new position of that pet, and a revocation on another instance ends the stream within a second', async () => {
    const link = (await criar({ horas: 1 })).json<LinkCriado>();
    const token = tokenDe(link);
    // The stream on instance A; the owner revokes through instance B.
    const fluxo = abrirFluxo(`${urlA}/api/publico/links/${token}/eventos`);
    await fluxo.pronto;
    expect(fluxo.status()).toBe(200);
    await fluxo.esperar(': aberto');

    const d = await conectarDispositivo(portaGw);
    await d.enviar(encodeLogin(thor.imei, 1));
    await d.esperar('787801010d0a');
    await d.enviar(
      encodeGps({
        type: 0x10,
        time: new Date(Date.now() - 5000),
        latitude: -23.5301,
        longitude: -46.6302,
        speedKmh: 4,
        course: 0,
        satellites: 9,
        valid: true,
        buffered: false,
      }),
    );
    await fluxo.esperar('event: posicao');
    const dados = JSON.parse(/event: posicao\ndata: (.*)\n/.exec(fluxo.texto())?.[1] ?? '{}') as Record<string, unknown>;
    expect(dados).toMatchObject({ latitude: -23.5301, longitude: -46.6302, precisaoMetros: 20, bateria: 64 });
    expect(Object.keys(dados).sort()).toEqual(['bateria', 'dataHora', 'latitude', 'longitude', 'precisaoMetros']);
    d.fim();

    const revogado = Date.now();
    const rev = await fetch(`${urlB}/api/usuarios/rastreadores/${thor.id}/links/${link.id}`, { method: 'DELETE', headers: ana.h });
    expect(rev.status).toBe(204);
    await fluxo.esperar('event: expirado', 1000);
    expect(fluxo.texto()).toContain(MSG.linkExpirado);
    while (!fluxo.fechado() && Date.now() - revogado < 1000) await new Promise((r) => setTimeout(r, 10));
    expect(fluxo.fechado()).toBe(true);
    expect(Date.now() - revogado).toBeLessThan(1000);
    for (const base of [urlA, urlB]) expect((await publico(token, base)).status).toBe(410);
    expect((await fetch(`${urlB}/api/publico/links/${token}/eventos`)).status).toBe(410);
  });

  it('the stream ends when the link expires', async () => {
    const link = (await criar({ horas: 1 })).json<LinkCriado>();
    await app.database.db.execute(sql`update links_compartilhados set expira_em = now() + interval '1 second' where id = ${link.id}`);
    const fluxo = abrirFluxo(`${urlB}/api/publico/links/${tokenDe(link)}/eventos`);
    await fluxo.pronto;
    await fluxo.esperar('event: expirado', 3000);
    while (!fluxo.fechado()) await new Promise((r) => setTimeout(r, 10));
  });
});

describe('share links: a co-guardian’s links', () => {
  /** Makes Bia an accepted co-guardian of THOR (as accepting an invite does); the row's id. */
  async function biaGuardia() {
    await app.database.db.execute(sql`delete from guardioes where usuario_id = ${bia.id}`);
    const [g] = await consultar<{ id: number }>(
      app.database.db,
      sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
          values (${thor.id}, 'bia@rastro.test', ${bia.id}, ${sha256(`convite-${Date.now()}-${Math.random()}`)}, now(), now()) returning id`,
    );
    return g?.id ?? 0;
  }
  const listar = async (h: Record<string, string>) =>
    (await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.id}/links`, headers: h })).json<Link[]>();

  it('the list says who created each link, to the owner and to the guardian alike', async () => {
    await biaGuardia();
    const daAna = (await criar({ horas: 2 })).json<LinkCriado>();
    const daBia = (await criar({ horas: 3 }, bia.h)).json<LinkCriado>();
    for (const h of [ana.h, bia.h]) {
      const lista = await listar(h);
      expect(lista.find((l) => l.id === daAna.id)?.criadoPor).toEqual({ id: ana.id, nome: 'ANA' });
      expect(lista.find((l) => l.id === daBia.id)?.criadoPor).toEqual({ id: bia.id, nome: 'BIA' });
    }
    const [guardado] = await consultar<{ criado_por_usuario_id: number }>(
      app.database.db,
      sql`select criado_por_usuario_id from links_compartilhados where id = ${daBia.id}`,
    );
    expect(guardado?.criado_por_usuario_id).toBe(bia.id);
    await app.database.db.execute(sql`update links_compartilhados set revogado_em = now() where revogado_em is null`);
  });

  it('removing a guardian revokes the links they created: the page answers 410 and its open stream ends; the owner’s links stay', async () => {
    const gid = await biaGuardia();
    const daBia = (await criar({ horas: 24 }, bia.h)).json<LinkCriado>();
    const daAna = (await criar({ horas: 24 })).json<LinkCriado>();
    // Both streams on instance A; the owner removes Bia through instance B.
    const fluxoBia = abrirFluxo(`${urlA}/api/publico/links/${tokenDe(daBia)}/eventos`);
    const fluxoAna = abrirFluxo(`${urlA}/api/publico/links/${tokenDe(daAna)}/eventos`);
    await Promise.all([fluxoBia.pronto, fluxoAna.pronto]);
    await Promise.all([fluxoBia.esperar(': aberto'), fluxoAna.esperar(': aberto')]);

    const r = await fetch(`${urlB}/api/usuarios/rastreadores/${thor.id}/guardioes/${gid}`, { method: 'DELETE', headers: ana.h });
    expect(r.status).toBe(204);
    await fluxoBia.esperar('event: expirado');
    expect(fluxoBia.texto()).toContain(MSG.linkExpirado);
    while (!fluxoBia.fechado()) await new Promise((res) => setTimeout(res, 10));
    for (const base of [urlA, urlB]) {
      const p = await publico(tokenDe(daBia), base);
      expect(p.status).toBe(410);
      expect(await p.json()).toEqual({ status: 410, message: MSG.linkExpirado });
    }
    expect((await fetch(`${urlB}/api/publico/links/${tokenDe(daBia)}/eventos`)).status).toBe(410);

    // The owner's link still opens, its stream still open; the list keeps only it.
    expect((await publico(tokenDe(daAna))).status).toBe(200);
    expect(fluxoAna.fechado()).toBe(false);
    expect(fluxoAna.texto()).not.toContain('event: expirado');
    expect((await listar(ana.h)).map((l) => l.id)).toEqual([daAna.id]);
    await app.inject({ method: 'DELETE', url: `/api/usuarios/rastreadores/${thor.id}/links/${daAna.id}`, headers: ana.h });
    await fluxoAna.esperar('event: expirado');
  });

  it('a guardian who leaves takes their links with them: 410, and the open stream ends', async () => {
    await biaGuardia();
    const daBia = (await criar({ horas: 24 }, bia.h)).json<LinkCriado>();
    const daAna = (await criar({ horas: 24 })).json<LinkCriado>();
    const fluxo = abrirFluxo(`${urlB}/api/publico/links/${tokenDe(daBia)}/eventos`);
    await fluxo.pronto;
    await fluxo.esperar(': aberto');

    const r = await app.inject({ method: 'DELETE', url: `/api/usuarios/rastreadores/${thor.id}/guardioes/eu`, headers: bia.h });
    expect(r.statusCode).toBe(204);
    await fluxo.esperar('event: expirado');
    while (!fluxo.fechado()) await new Promise((res) => setTimeout(res, 10));
    expect((await publico(tokenDe(daBia))).status).toBe(410);
    expect((await publico(tokenDe(daAna))).status).toBe(200);
    expect((await listar(ana.h)).map((l) => l.id)).toEqual([daAna.id]);
    await app.database.db.execute(sql`update links_compartilhados set revogado_em = now() where revogado_em is null`);
  });
});

describe('share links: for whoever finds the pet (issue #32)', () => {
  const fotoPublica = (caminho: string) => fetch(`${urlA}${caminho}`);
  let fotoDoDono: Buffer;

  beforeAll(async () => {
    await app.database.db.execute(sql`update usuarios set telefone_celular = '11987654321' where id = ${ana.id}`);
    await app.database.db.execute(sql`update usuarios set telefone_celular = '21912345678' where id = ${bia.id}`);
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#8b4513' } })
      .jpeg()
      .withExif({ IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 0/1' } })
      .toBuffer();
    const put = await fetch(`${urlA}/api/usuarios/rastreadores/${thor.id}/foto`, {
      method: 'PUT',
      headers: { ...ana.h, 'content-type': 'image/jpeg' },
      body: jpeg,
    });
    expect(put.status).toBe(204);
    fotoDoDono = Buffer.from(await (await fetch(`${urlA}/api/usuarios/rastreadores/${thor.id}/foto`, { headers: ana.h })).arrayBuffer());
  });
  afterAll(async () => {
    await app.database.db.execute(sql`update links_compartilhados set revogado_em = now() where revogado_em is null`);
  });

  it('shows the creator’s phone only when they chose to, and the pet’s photo under the link’s token', async () => {
    const com = (await criar({ horas: 2, mensagem: 'Me ligue', compartilharTelefone: true })).json<LinkCriado>();
    const sem = (await criar({ horas: 2 })).json<LinkCriado>();
    const pCom = (await (await publico(tokenDe(com))).json()) as LinkPublico;
    const pSem = (await (await publico(tokenDe(sem))).json()) as LinkPublico;
    expect(pCom.telefone).toBe('11987654321');
    expect(pCom.mensagem).toBe('Me ligue');
    expect(pSem.telefone).toBeNull();

    expect(pCom.foto).toMatch(new RegExp(`^/api/publico/links/${tokenDe(com)}/foto\\?v=[0-9a-f]{16}$`));
    expect(pSem.foto).toMatch(new RegExp(`^/api/publico/links/${tokenDe(sem)}/foto\\?v=[0-9a-f]{16}$`));
    const f = await fotoPublica(pCom.foto ?? '');
    expect(f.status).toBe(200);
    expect(f.headers.get('content-type')).toBe('image/webp');
    expect(f.headers.get('x-content-type-options')).toBe('nosniff');
    expect(f.headers.get('cache-control')).toMatch(/^private/);
    const bytes = Buffer.from(await f.arrayBuffer());
    expect(bytes.equals(fotoDoDono)).toBe(true);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const lista = (await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${thor.id}/links`, headers: ana.h })).json<Link[]>();
    expect(lista.find((l) => l.id === com.id)?.compartilharTelefone).toBe(true);
    expect(lista.find((l) => l.id === sem.id)?.compartilharTelefone).toBe(false);
    const guardado = await consultar<{ compartilhar_telefone: boolean }>(
      app.database.db,
      sql`select compartilhar_telefone from links_compartilhados where id in (${com.id}, ${sem.id}) order by id`,
    );
    expect(guardado.map((g) => g.compartilhar_telefone)).toEqual([true, false]);
  });

  it('a co-guardian’s link shows the co-guardian’s phone, never the owner’s', async () => {
    await app.database.db.execute(sql`delete from guardioes where usuario_id = ${bia.id}`);
    await app.database.db.execute(
      sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
          values (${thor.id}, 'bia@rastro.test', ${bia.id}, ${sha256(`convite-tel-${Date.now()}`)}, now(), now())`,
    );
    const daBia = (await criar({ horas: 2, compartilharTelefone: true }, bia.h)).json<LinkCriado>();
    const p = (await (await publico(tokenDe(daBia))).json()) as LinkPublico;
    expect(p.telefone).toBe('21912345678');
    expect(JSON.stringify(p)).not.toContain('11987654321');
    await app.database.db.execute(sql`delete from guardioes where usuario_id = ${bia.id}`);
  });

  it('an expired or revoked link gives neither phone nor photo; a bad opt-in is refused', async () => {
    const revogado = (await criar({ horas: 2, compartilharTelefone: true })).json<LinkCriado>();
    const expirado = (await criar({ horas: 2, compartilharTelefone: true })).json<LinkCriado>();
    const urlsDaFoto = await Promise.all(
      [revogado, expirado].map(async (l) => ((await (await publico(tokenDe(l))).json()) as LinkPublico).foto ?? ''),
    );
    for (const u of urlsDaFoto) expect((await fotoPublica(u)).status).toBe(200);

    await app.inject({ method: 'DELETE', url: `/api/usuarios/rastreadores/${thor.id}/links/${revogado.id}`, headers: ana.h });
    await app.database.db.execute(sql`update links_compartilhados set expira_em = now() - interval '1 second' where id = ${expirado.id}`);
    for (const [i, l] of [revogado, expirado].entries()) {
      const p = await publico(tokenDe(l));
      expect(p.status).toBe(410);
      const texto = await p.text();
      expect(texto).not.toContain('11987654321');
      expect(JSON.parse(texto)).toEqual({ status: 410, message: MSG.linkExpirado });
      const f = await fotoPublica(urlsDaFoto[i] ?? '');
      expect(f.status).toBe(410);
      expect(f.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await f.json()).toEqual({ status: 410, message: MSG.linkExpirado });
    }
    const desconhecido = await fotoPublica(`/api/publico/links/${'y'.repeat(43)}/foto`);
    expect(desconhecido.status).toBe(404);
    expect(await desconhecido.json()).toEqual({ status: 404, message: MSG.linkNaoEncontrado });

    const ruim = await criar({ horas: 2, compartilharTelefone: 'sim' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json<{ message: string }>().message).toBe(MSG.campoInvalido);
  });

  it('without a photo, the link has none: null and 404; an owner without a phone shows none', async () => {
    await app.database.db.execute(sql`update usuarios set telefone_celular = null where id = ${ana.id}`);
    expect((await fetch(`${urlA}/api/usuarios/rastreadores/${thor.id}/foto`, { method: 'DELETE', headers: ana.h })).status).toBe(204);
    const link = (await criar({ horas: 2, compartilharTelefone: true })).json<LinkCriado>();
    const p = (await (await publico(tokenDe(link))).json()) as LinkPublico;
    expect(p).toMatchObject({ foto: null, telefone: null });
    const f = await fotoPublica(`/api/publico/links/${tokenDe(link)}/foto`);
    expect(f.status).toBe(404);
  });
});

describe('share links: guessing tokens', () => {
  it('the public routes are limited per IP: past the limit, 429 with a pt-BR message', async () => {
    const limitado = await criarApp({ PUBLICO_LIMIT_IP: '5' });
    try {
      const tentativas = [];
      for (let i = 0; i < 7; i++)
        tentativas.push(
          await limitado.inject({ method: 'GET', url: `/api/publico/links/${String(i).repeat(43)}`, remoteAddress: '203.0.113.7' }),
        );
      expect(tentativas.map((t) => t.statusCode)).toEqual([404, 404, 404, 404, 404, 429, 429]);
      expect(tentativas.find((t) => t.statusCode === 429)?.json<{ message: string }>().message).toBe(MSG.muitasTentativas);
      // The photo has its own count, as limited.
      const fotos = [];
      for (let i = 0; i < 7; i++)
        fotos.push(
          (await limitado.inject({ method: 'GET', url: `/api/publico/links/${String(i).repeat(43)}/foto`, remoteAddress: '203.0.113.7' }))
            .statusCode,
        );
      expect(fotos).toEqual([404, 404, 404, 404, 404, 429, 429]);
      // Another address is not held back.
      expect(
        (await limitado.inject({ method: 'GET', url: `/api/publico/links/${'z'.repeat(43)}`, remoteAddress: '203.0.113.8' })).statusCode,
      ).toBe(404);
    } finally {
      await limitado.fechar();
    }
  });
});
