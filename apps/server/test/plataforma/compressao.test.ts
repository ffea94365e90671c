import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { consultar } from '../../src/db/client';
import { sha256 } from '../../src/lib/cripto';
import { LIMIAR_DE_COMPRESSAO } from '../../src/plugins/compression';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';
import { criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/**
 * Compressed answers (issue #33) as a phone receives them: br when it accepts br, gzip when only
 * gzip, the plain JSON without Accept-Encoding, and the same JSON whichever way it travels — for
 * every list of the OpenAPI document and the map's 24 h history. What must stay as it was: tiny
 * answers, photos (WebP), the web build's precompressed files, HEAD, 304 and 429.
 */

/** A day of one position a minute: the history a phone asks for most. */
const PONTOS_24H = 1440;

type Esquema = { type?: string; properties?: Record<string, Esquema> };
type Operacao = { responses?: Record<string, { content?: Record<string, { schema?: Esquema }> }> };

/**
 * The GET routes whose 200 is a JSON list: an array, or a page (`content` an array). A list added
 * to the contract joins this test through this function; without an entry in PEDIDOS it fails.
 */
function listasDoContrato(): string[] {
  const contrato = JSON.parse(readFileSync(new URL('./contrato-openapi.json', import.meta.url), 'utf8')) as {
    paths: Record<string, { get?: Operacao }>;
  };
  const caminhos = contrato.paths;
  return Object.entries(caminhos)
    .filter(([, ops]) => {
      const esquema = ops.get?.responses?.['200']?.content?.['application/json']?.schema;
      return esquema?.type === 'array' || esquema?.properties?.content?.type === 'array';
    })
    .map(([caminho]) => caminho)
    .sort();
}

interface Dados {
  admin: Record<string, string>;
  ana: Record<string, string>;
  /** Ana's tracker with the long history, and her link to it. */
  x: number;
  lx: number;
  zona: number;
  estadoSp: number;
  de: string;
  ate: string;
}

/** One request per list of the contract, each reading data that fills it (Ana's, or the admin's view). */
const PEDIDOS: Record<string, (d: Dados) => { url: string; headers: Record<string, string> }[]> = {
  '/api/baterias': (d) => [{ url: `/api/baterias?rastreadorId=${d.x}&size=50`, headers: d.admin }],
  '/api/chips': (d) => [{ url: '/api/chips?size=50', headers: d.admin }],
  '/api/chips/select': (d) => [{ url: '/api/chips/select', headers: d.admin }],
  '/api/chips/select/disponiveis': (d) => [{ url: '/api/chips/select/disponiveis', headers: d.admin }],
  '/api/cidades/select/{stateId}': (d) => [{ url: `/api/cidades/select/${d.estadoSp}`, headers: d.admin }],
  '/api/estados/select': (d) => [{ url: '/api/estados/select', headers: d.admin }],
  '/api/localizacoes': (d) => [{ url: `/api/localizacoes?rastreadorId=${d.x}&size=100`, headers: d.admin }],
  '/api/niveis/select': (d) => [{ url: '/api/niveis/select', headers: d.admin }],
  '/api/notificacoes': (d) => [{ url: '/api/notificacoes?size=50', headers: d.ana }],
  '/api/pagamentos': (d) => [{ url: '/api/pagamentos?size=50', headers: d.admin }],
  '/api/planos': (d) => [{ url: '/api/planos', headers: d.ana }],
  '/api/rastreadores': (d) => [{ url: '/api/rastreadores?size=50', headers: d.admin }],
  '/api/usuarios': (d) => [{ url: '/api/usuarios?size=50', headers: d.admin }],
  '/api/usuarios/assinaturas': (d) => [{ url: '/api/usuarios/assinaturas', headers: d.ana }],
  '/api/usuarios/pagamentos': (d) => [{ url: '/api/usuarios/pagamentos?size=50', headers: d.ana }],
  '/api/usuarios/rastreadores': (d) => [{ url: '/api/usuarios/rastreadores?size=50', headers: d.ana }],
  '/api/usuarios/rastreadores/select': (d) => [{ url: '/api/usuarios/rastreadores/select', headers: d.ana }],
  '/api/usuarios/rastreadores/ultimas-localizacoes': (d) => [
    { url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL', headers: d.ana },
    { url: historico(d), headers: d.ana },
  ],
  '/api/usuarios/rastreadores/{id}/atividade': (d) => [
    {
      url: `/api/usuarios/rastreadores/${d.lx}/atividade?dataInicial=${d.ate.slice(0, 10)}&dataFinal=${d.ate.slice(0, 10)}`,
      headers: d.ana,
    },
    { url: atividade30(d), headers: d.ana },
  ],
  '/api/usuarios/rastreadores/{id}/eventos-zonas': (d) => [
    { url: `/api/usuarios/rastreadores/${d.lx}/eventos-zonas?size=50`, headers: d.ana },
  ],
  '/api/usuarios/rastreadores/{id}/guardioes': (d) => [{ url: `/api/usuarios/rastreadores/${d.lx}/guardioes`, headers: d.ana }],
  '/api/usuarios/rastreadores/{id}/links': (d) => [{ url: `/api/usuarios/rastreadores/${d.lx}/links`, headers: d.ana }],
  '/api/zonas': (d) => [{ url: '/api/zonas', headers: d.ana }],
  '/api/zonas/{id}/eventos': (d) => [{ url: `/api/zonas/${d.zona}/eventos?size=50`, headers: d.ana }],
};

const historico = (d: Dados) =>
  `/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=HISTORICO&usuarioRastreadorId=${d.lx}` +
  `&dataInicial=${encodeURIComponent(d.de)}&dataFinal=${encodeURIComponent(d.ate)}`;

const atividade30 = (d: Dados) => {
  const fim = d.ate.slice(0, 10);
  const inicio = new Date(Date.parse(`${fim}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10);
  return `/api/usuarios/rastreadores/${d.lx}/atividade?dataInicial=${inicio}&dataFinal=${fim}`;
};

/** The body as the client reads it once it undoes the Content-Encoding it was sent. */
function decodificar(res: LightMyRequestResponse): string {
  const corpo = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case undefined:
      return corpo.toString('utf8');
    case 'br':
      return brotliDecompressSync(corpo).toString('utf8');
    case 'gzip':
      return gunzipSync(corpo).toString('utf8');
    case 'deflate':
      return inflateSync(corpo).toString('utf8');
    default:
      throw new Error(`content-encoding inesperado: ${String(res.headers['content-encoding'])}`);
  }
}

let app: TestApp;
const d = {} as Dados;

beforeAll(async () => {
  app = await criarApp();
  d.admin = bearer(await entrar(app));
  const ana = await criarCliente(app, 'ANA DA SILVA');
  d.ana = bearer(ana.token);
  d.x = await registrarRastreador(app, d.admin, '359339080033000');
  await vincular(app, ana.id, d.x, 'THOR');
  const [link] = await consultar<{ id: number }>(app.database.db, sql`select id from usuario_rastreadores where rastreador_id = ${d.x}`);
  d.lx = link?.id ?? 0;
  // More of Ana's pets, and some users and spare chips, so the admin's lists pass the threshold.
  for (let i = 1; i <= 12; i++) {
    const id = await registrarRastreador(app, d.admin, `3593390800330${String(i).padStart(2, '0')}`);
    await vincular(app, ana.id, id, `PET ${i}`);
  }
  await app.database.db.execute(
    sql`insert into chips (descricao, numero) select 'CHIP RESERVA ' || i, '1190000' || lpad(i::text, 4, '0') from generate_series(1, 25) i`,
  );
  for (let i = 0; i < 6; i++) await criarCliente(app, `CLIENTE ${i}`);

  // Thor's last 24 h, one position a minute ending on the last whole minute; its battery and its days.
  const fim = Math.floor(Date.now() / 60_000) * 60_000;
  d.ate = new Date(fim).toISOString();
  d.de = new Date(fim - (PONTOS_24H - 1) * 60_000).toISOString();
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso)
        select ${d.x}, 'GPS', ${d.ate}::timestamptz - make_interval(mins => i), -23.56 + sin(i / 40.0) * 0.004,
               -46.65 + cos(i / 55.0) * 0.004, (i % 13)::real, (i * 7 % 360)::smallint
        from generate_series(0, ${PONTOS_24H - 1}) i`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
  await app.database.db.execute(
    sql`insert into baterias (rastreador_id, bateria, nivel_sinal, data_cadastro)
        select ${d.x}, 100 - i, 60, now() - make_interval(mins => i * 10) from generate_series(1, 60) i`,
  );
  await app.database.db.execute(
    sql`insert into atividade_dias (rastreador_id, data, distancia_metros, segundos_ativos, segundos_repouso)
        select ${d.x}, (${d.ate}::timestamptz at time zone 'America/Sao_Paulo')::date - i, 1000 + i * 37, 3600 + i * 61, 40000
        from generate_series(0, 29) i`,
  );
  await app.database.db.execute(
    sql`insert into notificacoes (usuario_id, rastreador_id, descricao, data_cadastro)
        select ${ana.id}, ${d.x}, 'THOR saiu da zona CASA', now() - make_interval(mins => i) from generate_series(1, 30) i`,
  );
  const zona = await app.inject({
    method: 'POST',
    url: '/api/zonas',
    headers: d.ana,
    payload: {
      nome: 'CASA',
      tipo: 'CIRCULO',
      latitude: -23.56,
      longitude: -46.65,
      raioMetros: 80,
      rastreadorIds: [d.x],
      alertarSaida: true,
      alertarEntrada: false,
    },
  });
  if (zona.statusCode !== 201) throw new Error(`zona: ${zona.body}`);
  d.zona = zona.json<{ id: number }>().id;
  await app.database.db.execute(
    sql`insert into zona_eventos (zona_id, rastreador_id, tipo, data_hora, latitude, longitude)
        select ${d.zona}, ${d.x}, case when i % 2 = 0 then 'SAIDA' else 'ENTRADA' end, now() - make_interval(mins => i * 5), -23.56, -46.65
        from generate_series(1, 30) i`,
  );
  for (let i = 0; i < 8; i++) {
    await app.database.db.execute(
      sql`insert into guardioes (usuario_rastreador_id, email, token_hash, expira_em)
          values (${d.lx}, ${`convidado.${i}@rastro.test`}, ${sha256(`convite-${i}`)}, now() + interval '1 day')`,
    );
    await app.database.db.execute(
      sql`insert into links_compartilhados (usuario_rastreador_id, token_hash, mensagem, expira_em, criado_por_usuario_id)
          values (${d.lx}, ${sha256(`link-${i}`)}, 'Se achar o THOR, ligue para a Ana', now() + interval '2 days', ${ana.id})`,
    );
  }
  // Payments: plans, Ana's subscription of THOR and two years of its monthly charges.
  await app.database.db.execute(
    sql`insert into planos (nome, descricao, valor_centavos, periodo)
        select 'Plano ' || i, 'Localização ao vivo, histórico e alertas; chip incluso.', 990 * i, 'MENSAL' from generate_series(1, 6) i`,
  );
  const [assinatura] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into assinaturas (usuario_rastreador_id, usuario_id, pet, plano_id, valor_centavos, periodo, dias_carencia, forma, inicio)
        values (${d.lx}, ${ana.id}, 'THOR', (select min(id) from planos), 2990, 'MENSAL', 7, 'PIX', current_date - 730) returning id`,
  );
  await app.database.db.execute(
    sql`insert into cobrancas (assinatura_id, usuario_id, txid, valor_centavos, periodo_inicio, periodo_fim, vencimento, situacao, pix_copia_e_cola)
        select ${assinatura?.id}, ${ana.id}, 'COMPRESSAO' || lpad(i::text, 15, '0'), 2990, current_date - 730 + i * 30, current_date - 701 + i * 30,
          current_date - 730 + i * 30, case when i < 24 then 'PAGO' else 'PENDENTE' end, repeat('0', 140)
        from generate_series(0, 24) i`,
  );
  const [sp] = await consultar<{ id: number }>(app.database.db, sql`select id from estados where uf = 'SP'`);
  d.estadoSp = sp?.id ?? 0;
});
afterAll(() => app.fechar());

describe('compressed API answers', () => {
  it('the test has a request for every list of the contract', () => {
    // A new list in the contract: add it to PEDIDOS (with data that fills it).
    expect(Object.keys(PEDIDOS).sort()).toEqual(listasDoContrato());
  });

  it('every list decodes to the same JSON as br, as gzip and plain; compressed from the threshold on, with Vary', async () => {
    let comprimidas = 0;
    for (const [rota, pedidos] of Object.entries(PEDIDOS)) {
      for (const { url, headers } of pedidos(d)) {
        const plano = await app.inject({ url, headers });
        expect(plano.statusCode, url).toBe(200);
        expect(plano.headers['content-encoding'], url).toBeUndefined();
        expect(plano.headers['content-type'], url).toMatch(/^application\/json/);
        const json: unknown = plano.json();
        const grande = plano.rawPayload.length >= LIMIAR_DE_COMPRESSAO;
        for (const [aceita, esperado] of [
          ['br, gzip, deflate', 'br'],
          ['gzip, deflate', 'gzip'],
          ['gzip;q=0.5, br;q=0.9', 'br'],
          ['deflate', 'deflate'],
        ] as const) {
          const res = await app.inject({ url, headers: { ...headers, 'accept-encoding': aceita } });
          expect(res.statusCode, `${rota} ${aceita}`).toBe(200);
          expect(res.headers['content-encoding'], `${url} ${aceita}`).toBe(grande ? esperado : undefined);
          if (grande) {
            expect(res.headers.vary, url).toMatch(/accept-encoding/i);
            expect(res.rawPayload.length, url).toBeLessThan(plano.rawPayload.length);
            // The length on the wire is the compressed one (a client reading by length gets it whole).
            expect(Number(res.headers['content-length']), url).toBe(res.rawPayload.length);
          }
          expect(JSON.parse(decodificar(res)), `${url} ${aceita}`).toEqual(json);
        }
        if (grande) comprimidas++;
      }
    }
    // The data above fills most lists past the threshold: this test compares real compressed bodies.
    expect(comprimidas).toBeGreaterThanOrEqual(15);
  });

  it('a 24 h history (1,440 points) goes as brotli a tenth of its size, the same points', async () => {
    const plano = await app.inject({ url: historico(d), headers: d.ana });
    const res = await app.inject({ url: historico(d), headers: { ...d.ana, 'accept-encoding': 'br, gzip' } });
    expect(plano.json<unknown[]>()).toHaveLength(PONTOS_24H);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plano.rawPayload.length / 10);
    expect(JSON.parse(decodificar(res))).toEqual(plano.json());
  });

  it('a client that sends no Accept-Encoding, or only identity, gets plain JSON', async () => {
    for (const headers of [d.ana, { ...d.ana, 'accept-encoding': 'identity' }, { ...d.ana, 'accept-encoding': 'br;q=0, gzip;q=0' }]) {
      const res = await app.inject({ url: historico(d), headers });
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json<unknown[]>()).toHaveLength(PONTOS_24H);
    }
  });

  it('a tiny answer is not compressed, and neither is an error', async () => {
    const config = await app.inject({ url: '/api/config', headers: { 'accept-encoding': 'br, gzip' } });
    expect(config.statusCode).toBe(200);
    expect(config.rawPayload.length).toBeLessThan(LIMIAR_DE_COMPRESSAO);
    expect(config.headers['content-encoding']).toBeUndefined();
    expect(config.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    const semLogin = await app.inject({ url: historico(d), headers: { 'accept-encoding': 'br, gzip' } });
    expect(semLogin.statusCode).toBe(401);
    expect(semLogin.headers['content-encoding']).toBeUndefined();
    expect(semLogin.json()).toMatchObject({ status: 401 });
  });

  it('compressed answers keep the security headers', async () => {
    const res = await app.inject({ url: historico(d), headers: { ...d.ana, 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('HEAD describes, with no body, an answer that GET sends', async () => {
    const url = '/api/rastreadores?size=50';
    const head = await app.inject({ method: 'HEAD', url, headers: { ...d.admin, 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
    // Fastify's HEAD route describes the plain answer (no compression hook on it): consistent
    // with itself, the length of the GET answer with the same encoding.
    const enc = head.headers['content-encoding'];
    const get = await app.inject({ url, headers: { ...d.admin, ...(enc ? { 'accept-encoding': String(enc) } : {}) } });
    expect(get.headers['content-encoding']).toBe(enc);
    expect(Number(head.headers['content-length'])).toBe(get.rawPayload.length);
  });

  it('/docs/json (the OpenAPI document, 100+ kB) is compressed too', async () => {
    const plano = await app.inject({ url: '/docs/json' });
    const res = await app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(plano.rawPayload.length).toBeGreaterThan(100_000);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBeLessThan(plano.rawPayload.length / 5);
    expect(JSON.parse(decodificar(res))).toEqual(plano.json());
  });

  it('a pet photo (WebP, already compressed) goes as it is', async () => {
    // Noise: a WebP that stays well past the threshold.
    const ruido = Buffer.alloc(128 * 128 * 3);
    for (let i = 0; i < ruido.length; i++) ruido[i] = (i * 7919) % 251;
    const webp = await sharp(ruido, { raw: { width: 128, height: 128, channels: 3 } })
      .webp()
      .toBuffer();
    expect(webp.length).toBeGreaterThan(LIMIAR_DE_COMPRESSAO);
    await app.database.db.execute(
      sql`insert into fotos_pets (usuario_rastreador_id, imagem, versao) values (${d.lx}, ${webp}, 'v1')
          on conflict (usuario_rastreador_id) do update set imagem = excluded.imagem, versao = excluded.versao`,
    );
    const res = await app.inject({ url: `/api/usuarios/rastreadores/${d.lx}/foto`, headers: { ...d.ana, 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(webp)).toBe(true);
  });

  it('over a real socket, the history arrives as brotli and decodes whole', async () => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const { headers, corpo } = await new Promise<{ headers: Record<string, unknown>; corpo: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: historico(d), headers: { ...d.ana, 'accept-encoding': 'br, gzip' } }, (res) => {
        const partes: Buffer[] = [];
        res.on('data', (c: Buffer) => partes.push(c));
        res.on('end', () => resolve({ headers: res.headers, corpo: Buffer.concat(partes) }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers['content-encoding']).toBe('br');
    expect(Number(headers['content-length'])).toBe(corpo.length);
    expect(JSON.parse(brotliDecompressSync(corpo).toString('utf8'))).toHaveLength(PONTOS_24H);
  });
});

describe('what compression leaves alone: the rate limit and the web build', () => {
  let limitado: TestApp;
  let dist = '';
  /** A file the build precompresses, and one it does not (served compressed on the fly). */
  const JS = `export const rastro = ${JSON.stringify('pata '.repeat(2000))};\n`;
  const MANIFESTO = JSON.stringify({ name: 'Rastro', icons: Array.from({ length: 40 }, (_, i) => ({ src: `/icone-${i}.png` })) });
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'rastro-web-comp-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html lang="pt-BR"><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets/app.js'), JS);
    writeFileSync(path.join(dist, 'assets/app.js.br'), brotliCompressSync(Buffer.from(JS)));
    writeFileSync(path.join(dist, 'manifest.webmanifest'), MANIFESTO);
    limitado = await criarApp({ WEB_DIST: dist, RATE_LIMIT_MAX: '2' });
  });
  afterAll(() => limitado.fechar());

  it('a precompressed file is sent as built, never compressed twice', async () => {
    const res = await limitado.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('a file the build did not compress is compressed on the way, and a 304 stays empty', async () => {
    const res = await limitado.inject({ url: '/manifest.webmanifest', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(MANIFESTO);
    const etag = res.headers.etag;
    expect(etag).toBeTruthy();
    const de_novo = await limitado.inject({
      url: '/manifest.webmanifest',
      headers: { 'accept-encoding': 'br, gzip', 'if-none-match': String(etag) },
    });
    expect(de_novo.statusCode).toBe(304);
    expect(de_novo.rawPayload.length).toBe(0);
    // A 304 saying br would make a copy kept plain be decoded as brotli.
    expect(de_novo.headers['content-encoding']).toBeUndefined();
  });

  it('a 429 is the plain pt-BR message', async () => {
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i < 3; i++) res = await limitado.inject({ url: '/api/config', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res?.statusCode).toBe(429);
    expect(res?.headers['content-encoding']).toBeUndefined();
    expect(res?.json()).toMatchObject({ status: 429, message: MSG.muitasTentativas });
  });
});
