import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { MSG } from '@rastro/shared/messages';
import { MSG_PIX } from '@rastro/shared/pix';
import { consultar } from '../../src/db/client';
import { NIVEL_ADMINISTRADOR } from '../../src/modules/usuarios/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, basicCliente, bearer, criarApp, type TestApp } from '../apoio/helpers';
import { criarCliente, registrarRastreador, tokenPara } from '../apoio/fixtures';
import { iniciarViaCep } from '@rastro/testes/viacep-fake';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

/**
 * Bad input never crashes anything: every route of the OpenAPI document gets arbitrary bodies,
 * query strings, path parameters and headers, mostly as a full administrator (and a sample as
 * anonymous and as a client). No answer is a 5xx, and every error is the documented shape with
 * a message of the pt-BR catalogue.
 *
 * FUZZ_SEED fixes the seed (printed in the test name and in any failure); FUZZ_RUNS sets the
 * cases per route.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) | 0 : (Math.random() * 2 ** 31) | 0;
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

// ---- What an error may say ----------------------------------------------------------------

// The payment screens' messages live in shared/pix.ts (kept out of the login's JavaScript): the same catalogue.
const CATALOGO = new Set<string>([...Object.values(MSG), ...Object.values(MSG_PIX)]);
/** Outputs of the catalogue's helpers (any number, any participle). */
const HELPERS = [
  /^Máximo de \d+ caracteres\.$/,
  /^Mínimo de \d+ caracteres\.$/,
  /^A data deve ser (maior|menor) que \d+ anos\.$/,
  /^O período não deve ser superior a \d+ dias\.$/,
  /^Erro ao (carregar|salvar o|exportar o arquivo) .+\.$/,
];
const mensagemConhecida = (m: unknown) => typeof m === 'string' && m.trim() !== '' && (CATALOGO.has(m) || HELPERS.some((r) => r.test(m)));

// ---- The routes -----------------------------------------------------------------------------

type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Rota {
  method: Metodo;
  path: string;
  query: string[];
  params: string[];
  /** Content type of the body, when the route takes one. */
  corpo?: string;
  /** Keys of the body's schema. */
  campos: string[];
}

interface JsonSchema {
  $ref?: string;
  properties?: Record<string, unknown>;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
}
interface Operacao {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema?: JsonSchema }> };
}
interface OpenApi {
  paths: Record<string, Record<string, Operacao>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

function camposDe(doc: OpenApi, s: JsonSchema | undefined, fundo = 0): string[] {
  if (!s || fundo > 4) return [];
  if (s.$ref) return camposDe(doc, doc.components?.schemas?.[s.$ref.split('/').pop() ?? ''], fundo + 1);
  return [...Object.keys(s.properties ?? {}), ...[...(s.allOf ?? []), ...(s.anyOf ?? [])].flatMap((x) => camposDe(doc, x, fundo + 1))];
}

function rotasDo(doc: OpenApi): Rota[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([m, op]): Rota => {
      const [tipo, conteudo] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        method: m.toUpperCase() as Metodo,
        path,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        params: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        ...(tipo ? { corpo: tipo } : {}),
        campos: [...new Set(camposDe(doc, conteudo?.schema))],
      };
    }),
  );
}

// ---- Fixtures -------------------------------------------------------------------------------

let app: TestApp;
let viaCep: Awaited<ReturnType<typeof iniciarViaCep>>;
let rotas: Rota[];
const ids = { admin: 0, cliente: 0, chip: 0, rastreador: 0, livre: 0, vinculo: 0 };
const tokens = { admin: '', cliente: '' };
const IMEI = '359339081000001';
const IMEI_LIVRE = '359339081000002';

/** Everyone active again and fresh tokens (a case may have logged out or inactivated someone). */
async function restaurar() {
  await app.database.db.execute(sql`update usuarios set situacao = true`);
  await app.database.db.execute(
    sql`update usuarios set nivel_id = (select id from niveis where nome = ${NIVEL_ADMINISTRADOR}) where id = ${ids.admin}`,
  );
  await app.database.db.execute(sql`update chips set situacao = 'A'`);
  tokens.admin = await tokenPara(app, ids.admin);
  tokens.cliente = await tokenPara(app, ids.cliente);
}

beforeAll(async () => {
  viaCep = await iniciarViaCep();
  app = await criarApp({
    VIACEP_URL: viaCep.url,
    RATE_LIMIT_MAX: '1000000',
    SIGNUP_LIMIT_IP: '100000',
    SIGNUP_LIMIT_EMAIL: '100000',
    RESET_LIMIT_IP: '100000',
    RESET_LIMIT_EMAIL: '100000',
  });
  const [a] = await consultar<{ id: number }>(app.database.db, sql`select id from usuarios where email = ${ADMIN.email}`);
  ids.admin = a?.id ?? 0;
  const adminHeaders = bearer(await tokenPara(app, ids.admin));
  const cliente = await criarCliente(app, 'CLIENTE DO FUZZ');
  ids.cliente = cliente.id;
  ids.rastreador = await registrarRastreador(app, adminHeaders, IMEI);
  ids.livre = await registrarRastreador(app, adminHeaders, IMEI_LIVRE);
  const [chip] = await consultar<{ chipId: number }>(
    app.database.db,
    sql`select chip_id as "chipId" from rastreadores where id = ${ids.rastreador}`,
  );
  ids.chip = chip?.chipId ?? 0;
  const vinculo = await app.inject({
    method: 'POST',
    url: '/api/usuarios/rastreadores',
    headers: bearer(cliente.token),
    payload: { imei: IMEI, descricao: 'REX', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
  });
  ids.vinculo = vinculo.json<{ id: number }>().id;
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade) values (${ids.rastreador}, 'GPS', now() - interval '1 hour', -23.5, -46.6, 3)`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
  await app.database.db.execute(
    sql`insert into baterias (rastreador_id, bateria, nivel_sinal, data_cadastro) values (${ids.rastreador}, 80, 60, now())`,
  );
  await app.database.db.execute(
    sql`insert into notificacoes (usuario_id, rastreador_id, descricao) values (${ids.cliente}, ${ids.rastreador}, 'Alerta')`,
  );
  rotas = rotasDo(app.swagger() as unknown as OpenApi);
  await restaurar();
});
afterAll(async () => {
  await app?.fechar();
  await viaCep?.fechar();
});

// ---- Arbitraries ------------------------------------------------------------------------------

/** Percent-encoding; a lone surrogate (no UTF-8 for it, so no URL can carry it) becomes U+FFFD. */
const uri = (s: string) =>
  encodeURIComponent(s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));

const ESPECIAIS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uFEFF',
  '\u202E',
  '\uD800',
  '😀🐶',
  'ﷺ',
  'ação',
  'null',
  'undefined',
  'true',
  'NaN',
  '-1',
  '0',
  '1e400',
  '9'.repeat(30),
  '<script>alert(1)</script>',
  "'; drop table usuarios; --",
  '" or 1=1 --',
  "%' or '%'='",
  '%',
  '_',
  '../../../etc/passwd',
  '%00',
  '%ZZ',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
];
const NUMEROS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.5,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e21,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
];

const texto: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.string({ maxLength: 20 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 2 },
  { arbitrary: fc.constantFrom(...ESPECIAIS), weight: 4 },
  {
    arbitrary: fc.tuple(fc.constantFrom('a', 'ç', '9', '😀', "'", '%'), fc.integer({ min: 50, max: 200_000 })).map(([c, n]) => c.repeat(n)),
    weight: 1,
  },
);
const numero: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...NUMEROS),
);

type Json = string | number | boolean | null | Json[] | { [k: string]: Json };
const { valor } = fc.letrec<{ valor: Json }>((tie) => ({
  valor: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    texto,
    numero,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('valor'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(texto, fc.constantFrom('id', 'nome', '__proto__', 'constructor')), tie('valor'), { maxKeys: 4 }),
  ),
}));

/** Plausible values per field name, so some cases pass validation and reach the services. */
function plausivel(campo: string, soValidos = false): fc.Arbitrary<Json> {
  const id = () => fc.constantFrom(ids.admin, ids.cliente, ids.chip, ids.rastreador, ids.livre, ids.vinculo, 1, 2, 999_999);
  const tabela: Record<string, () => fc.Arbitrary<Json>> = {
    id,
    chipId: id,
    nivelId: id,
    estadoId: id,
    cidadeId: id,
    usuarioRastreadorId: id,
    rastreadorId: id,
    imei: () => fc.constantFrom(IMEI, IMEI_LIVRE, '359339081999999', '12345'),
    protocolo: () => fc.constantFrom('TOPIN', 'OUTRO'),
    descricao: () => fc.constantFrom('PET', 'CHIP NOVO'),
    numero: () => fc.constantFrom('11987654321', '1133334444', '12'),
    nome: () => fc.constantFrom('FULANO DE TAL', 'X'),
    email: () => fc.constantFrom('novo@rastro.test', ADMIN.email, 'invalido'),
    emailAtual: () => fc.constantFrom('novo@rastro.test', ADMIN.email),
    cpf: () => fc.constantFrom('52998224725', '111.444.777-35', '12345678900'),
    telefoneCelular: () => fc.constantFrom('11987654321', '(11) 9 8765-4321'),
    telefoneResidencial: () => fc.constantFrom('', '1133334444'),
    telefoneComercial: () => fc.constantFrom('', '1133334444'),
    cep: () => fc.constantFrom('', '01310-100', '99999999'),
    dataNascimento: () => fc.constantFrom(null, '1990-05-17', '2990-01-01', '1990-02-30'),
    sexo: () => fc.constantFrom(null, 'MASCULINO', 'FEMININO', 'PREFIRO_NAO_INFORMAR'),
    senha: () => fc.constantFrom('senha-de-teste-1', 'curta'),
    senhaAtual: () => fc.constantFrom(ADMIN.senha, 'errada-123'),
    senhaNova: () => fc.constantFrom('nova-senha-123', 'x'),
    confirmarNovaSenha: () => fc.constantFrom('nova-senha-123', 'y'),
    token: () => fc.constantFrom('a'.repeat(43), ''),
    intervaloLocalizacao: () => fc.constantFrom(1, 5, 120, 121, 0),
    periUltraEconBateria: () => fc.constantFrom(30, 60, 45),
  };
  const f = tabela[campo];
  if (soValidos) return f ? f() : fc.constantFrom('', 'X');
  return f
    ? fc.oneof({ arbitrary: f(), weight: 3 }, { arbitrary: fc.constantFrom('', null, 'a\u0000b'), weight: 1 })
    : fc.constantFrom('', 'X', 0, null, true, 'a\u0000b');
}

/** A JSON body: the route's fields with plausible or arbitrary values, or anything at all. */
function corpoJson(rota: Rota): fc.Arbitrary<Json> {
  const campos = rota.campos.length ? rota.campos : ['id'];
  const objeto = fc
    .tuple(
      ...campos.map((c) =>
        fc.option(fc.oneof({ arbitrary: plausivel(c), weight: 3 }, { arbitrary: valor, weight: 2 }), { nil: undefined, freq: 5 }),
      ),
    )
    .chain((vals) =>
      fc.dictionary(texto, valor, { maxKeys: 2 }).map((extra) => {
        const o: Record<string, Json> = { ...extra };
        campos.forEach((c, i) => {
          const v = vals[i];
          if (v !== undefined) o[c] = v;
        });
        return o;
      }),
    );
  // Every field plausible: these get past validation now and then and reach the services.
  // (No id: with one, a form updates a row that mostly does not exist.)
  const semId = campos.filter((c) => c !== 'id');
  const plausiveis = fc
    .tuple(...semId.map((c) => plausivel(c, true)))
    .map((vals) => Object.fromEntries(semId.map((c, i) => [c, vals[i] ?? null])));
  return fc.oneof({ arbitrary: objeto, weight: 5 }, { arbitrary: plausiveis, weight: 2 }, { arbitrary: valor, weight: 2 });
}

/** Bodies that are not JSON values one can build: broken, deep, hostile. */
const CORPOS_CRUS = [
  '',
  '{',
  '{"a":',
  'nul',
  '[1,2,,]',
  "{'a':1}",
  '{"id":1e400}',
  '{"id":-1e400}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '"\\ud800"',
  '\u0000',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"a":'.repeat(2000) + '1' + '}'.repeat(2000),
];

/** The value in one case out of eight; otherwise absent. */
const aVezes = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 7 }, { arbitrary: arb, weight: 1 });

interface Caso {
  quem: 'admin' | 'anonimo' | 'cliente';
  emulado?: string;
  caminho: string[];
  query: [string, string][];
  consultaCrua?: string;
  corpo?: { json: Json } | { cru: string } | { form: [string, string][] };
  tipo?: string;
}

const ID_VALIDO = () => fc.constantFrom(ids.admin, ids.cliente, ids.chip, ids.rastreador, ids.livre, ids.vinculo).map(String);

/** The fixture a route's path parameter names, so some cases reach the handler's happy path. */
function idDaRota(path: string): string {
  if (path.startsWith('/api/chips')) return String(ids.chip);
  if (path.startsWith('/api/usuarios/rastreadores')) return String(ids.vinculo);
  if (path.startsWith('/api/rastreadores')) return String(ids.rastreador);
  if (path.startsWith('/api/cidades')) return '25';
  if (path.startsWith('/api/via-cep')) return '01310-100';
  return String(ids.cliente);
}

const paramArb = (rota: Rota, nome: string): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: fc.constant(idDaRota(rota.path)), weight: 5 },
    { arbitrary: ID_VALIDO(), weight: 2 },
    { arbitrary: fc.integer({ min: -5, max: 40 }).map(String), weight: 2 },
    {
      arbitrary: fc.constantFrom(
        '-1',
        '0',
        '2147483647',
        '2147483648',
        '9007199254740993',
        '1e3',
        '1.5',
        '0x10',
        ' 1',
        '1 ',
        'NaN',
        'Infinity',
        '99999999999999999999999999',
        '1'.repeat(101),
        'ç'.repeat(3000),
      ),
      weight: 3,
    },
    {
      arbitrary: fc.constantFrom(
        '%00',
        '..%2F..%2Fetc%2Fpasswd',
        '../..',
        '..',
        '%2e%2e',
        '%',
        '%ZZ',
        '%C3%A7',
        '😀',
        'ç',
        '%F0%9F%98%80',
        '%uD800',
        '%ED%A0%80',
      ),
      weight: 3,
    },
    { arbitrary: texto.map(uri), weight: 2 },
    ...(nome === 'cep' ? [{ arbitrary: fc.constantFrom('01310100', '01310-100', '99999999', '12345678', '00000-000'), weight: 4 }] : []),
  );

function casoArb(rota: Rota): fc.Arbitrary<Caso> {
  const valorQuery = (k: string) =>
    fc.oneof(
      {
        arbitrary: fc.constantFrom(
          '0',
          '1',
          '-1',
          '100',
          '101',
          '1e308',
          'id',
          'nome',
          'asc',
          'desc',
          'DESC',
          'GPS',
          'WIFI',
          'ATUAL',
          'HISTORICO',
          'gpx',
          'kml',
          'csv',
          'xml',
          '\u0000',
          '%',
          '_',
        ),
        weight: 3,
      },
      {
        arbitrary: fc.constantFrom(
          ...[
            '2026-01-01',
            '2026-13-45',
            '0000-00-00',
            '9999-12-31',
            '2026-01-01T00:00:00Z',
            '2026-01-01T00:00:00-03:00',
            '1970-01-01T00:00:00Z',
            '0001-01-01T00:00:00Z',
            '9999-12-31T23:59:59Z',
            '+275760-09-13T00:00:00Z',
            '1000-01-01',
            '3000-12-31',
          ],
        ),
        weight: 2,
      },
      { arbitrary: ID_VALIDO(), weight: k.endsWith('Id') ? 4 : 1 },
      { arbitrary: texto, weight: 3 },
    );
  const chave = fc.oneof(
    { arbitrary: fc.constantFrom(...(rota.query.length ? rota.query : ['page'])), weight: 4 },
    { arbitrary: texto, weight: 1 },
    { arbitrary: fc.constantFrom('__proto__', 'constructor', 'a[b]', 'a.b', ''), weight: 1 },
  );
  const query = fc.array(
    chave.chain((k) => valorQuery(k).map((v): [string, string] => [k, v])),
    { maxLength: 6 },
  );
  // Every known key with a plausible value (or left out), so some cases pass validation.
  const relatorio = rota.path.startsWith('/api/relatorios');
  const plausivelQuery: Record<string, string[]> = {
    page: ['0', '1'],
    size: ['10', '100'],
    orderBy: ['id', 'dataHora', 'nome', 'dataCadastro'],
    orderDirection: ['asc', 'desc'],
    rastreadorId: [String(ids.rastreador)],
    usuarioRastreadorId: [String(ids.vinculo)],
    tipoLocalizacao: ['GPS', 'WIFI', 'LBS'],
    incluirFuturas: ['true', 'false'],
    tipoVisualizacao: ['ATUAL', 'HISTORICO'],
    dataInicial: relatorio ? ['2026-01-01', '1000-01-01'] : [new Date(Date.now() - 86_400_000).toISOString(), '2026-01-01T00:00:00-03:00'],
    dataFinal: relatorio ? ['2026-01-31', '3000-12-31'] : [new Date().toISOString()],
    formato: ['gpx', 'kml', 'csv'],
    token: ['a'.repeat(43)],
  };
  const completa = fc
    .tuple(...rota.query.map((k) => fc.option(fc.constantFrom(...(plausivelQuery[k] ?? ['', 'A', '1'])), { nil: undefined, freq: 4 })))
    .map((vs) => rota.query.flatMap((k, i): [string, string][] => (vs[i] === undefined ? [] : [[k, vs[i]]])));
  // Repeated keys: every known key twice.
  const repetida = fc.constant(
    rota.query.flatMap((k): [string, string][] => [
      [k, '1'],
      [k, '2'],
    ]),
  );
  const corpo: fc.Arbitrary<Caso['corpo']> =
    rota.corpo === 'application/x-www-form-urlencoded'
      ? fc.oneof(
          fc
            .array(
              fc.tuple(
                fc.oneof(fc.constantFrom(...(rota.campos.length ? rota.campos : ['token'])), texto),
                fc.oneof(texto, fc.constantFrom('password', ADMIN.email, ADMIN.senha)),
              ),
              { maxLength: 6 },
            )
            .map((form) => ({ form })),
          fc.constantFrom(...CORPOS_CRUS).map((cru) => ({ cru })),
        )
      : rota.corpo || rota.method === 'DELETE'
        ? fc.oneof(
            { arbitrary: corpoJson(rota).map((json) => ({ json })), weight: 8 },
            { arbitrary: fc.constantFrom(...CORPOS_CRUS).map((cru) => ({ cru })), weight: 2 },
            { arbitrary: fc.constant(undefined), weight: 1 },
          )
        : fc.constant(undefined);
  return fc.record({
    quem: fc.constantFrom('admin', 'admin', 'admin', 'admin', 'anonimo', 'cliente'),
    emulado: aVezes(fc.oneof(ID_VALIDO(), fc.constantFrom('-1', '0', '2147483648', '1e3', '9'.repeat(25), 'abc', ''))),
    caminho: fc.tuple(...rota.params.map((p) => paramArb(rota, p))),
    query: fc.oneof({ arbitrary: query, weight: 4 }, { arbitrary: completa, weight: 4 }, { arbitrary: repetida, weight: 1 }),
    consultaCrua: aVezes(
      fc.constantFrom(
        '%',
        '%ZZ=1',
        '&&&',
        '=1',
        'a=%00',
        'page=1&page',
        `page=${'9'.repeat(5000)}`,
        `descricao=${'%25'.repeat(3000)}`,
        '%E0%A4%A=1',
      ),
    ),
    corpo,
    tipo: aVezes(
      fc.constantFrom(
        'text/plain',
        'application/xml',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json',
        'application/x-www-form-urlencoded',
      ),
    ),
  });
}

function requisicao(rota: Rota, c: Caso): InjectOptions {
  let caminho = rota.path;
  rota.params.forEach((p, i) => {
    caminho = caminho.replace(`{${p}}`, c.caminho[i] ?? '');
  });
  const partes = c.query.map(([k, v]) => `${uri(k)}=${uri(v)}`);
  if (c.consultaCrua) partes.push(c.consultaCrua);
  const url = partes.length ? `${caminho}?${partes.join('&')}` : caminho;
  const headers: Record<string, string> = {};
  if (c.quem !== 'anonimo') headers.authorization = `Bearer ${tokens[c.quem]}`;
  if (rota.path.startsWith('/oauth/')) headers.authorization = basicCliente();
  if (c.emulado !== undefined) headers['x-usuario-emulado'] = c.emulado;
  let payload: string | undefined;
  if (c.corpo && 'json' in c.corpo) {
    payload = JSON.stringify(c.corpo.json);
    headers['content-type'] = 'application/json';
  } else if (c.corpo && 'form' in c.corpo) {
    payload = new URLSearchParams(c.corpo.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (c.corpo && 'cru' in c.corpo) {
    payload = c.corpo.cru;
    headers['content-type'] = rota.corpo ?? 'application/json';
  }
  if (c.tipo && payload !== undefined) headers['content-type'] = c.tipo;
  return { method: rota.method, url, headers, ...(payload !== undefined ? { payload } : {}) };
}

// ---- The property -----------------------------------------------------------------------------

const ARQUIVO = /^(application\/(gpx\+xml|vnd\.google-earth\.kml\+xml)|text\/csv)/;

/** What is wrong with an answer, or null. */
function problema(rota: Rota, res: LightMyRequestResponse): string | null {
  const oauth = rota.path.startsWith('/oauth/');
  if (res.statusCode >= 500 && !(rota.path === '/api/via-cep/cep/{cep}' && res.statusCode === 503))
    return `5xx: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  const tipo = String(res.headers['content-type'] ?? '');
  if (ARQUIVO.test(tipo)) return `erro ${res.statusCode} como arquivo (${tipo})`;
  if (!tipo.startsWith('application/json')) return `erro ${res.statusCode} sem JSON (${tipo}): ${res.body.slice(0, 200)}`;
  let corpo: unknown;
  try {
    corpo = JSON.parse(res.body);
  } catch {
    return `erro ${res.statusCode} com JSON inválido: ${res.body.slice(0, 200)}`;
  }
  const o = (corpo ?? {}) as Record<string, unknown>;
  if (oauth && 'error' in o) {
    if (typeof o.error !== 'string' || !o.error || Object.keys(o).sort().join() !== 'error,error_description')
      return `formato OAuth: ${res.body}`;
    return mensagemConhecida(o.error_description) ? null : `mensagem fora do catálogo: ${String(o.error_description)}`;
  }
  const chaves = Object.keys(o).sort().join();
  if (o.status !== res.statusCode || (chaves !== 'message,status' && chaves !== 'errors,message,status'))
    return `formato do erro: ${res.body.slice(0, 300)}`;
  if (!mensagemConhecida(o.message)) return `mensagem fora do catálogo: ${String(o.message)}`;
  if (o.errors !== undefined) {
    if (!Array.isArray(o.errors) || o.errors.length === 0) return `errors vazio: ${res.body.slice(0, 300)}`;
    for (const e of o.errors as Record<string, unknown>[]) {
      if (typeof e.campo !== 'string' || Object.keys(e).sort().join() !== 'campo,message') return `errors[]: ${JSON.stringify(e)}`;
      if (!mensagemConhecida(e.message)) return `mensagem de campo fora do catálogo (${e.campo}): ${String(e.message)}`;
    }
  }
  return null;
}

function resumo(c: Caso, req: InjectOptions) {
  const h = req.headers as Record<string, string>;
  const corpo = req.payload !== undefined ? ` [${h['content-type']}] ${JSON.stringify(String(req.payload).slice(0, 300))}` : '';
  const emulado = c.emulado !== undefined ? ` X-Usuario-Emulado: ${JSON.stringify(c.emulado)}` : '';
  return `${c.quem}${emulado}: ${req.method} ${String(req.url).slice(0, 300)}${corpo}`;
}

describe(`fuzzing every route (seed ${SEED}, ${RUNS} cases per route)`, () => {
  it('the OpenAPI document lists the routes this test drives', () => {
    expect(rotas.length).toBeGreaterThan(50);
    expect(rotas.filter((r) => r.corpo).map((r) => `${r.method} ${r.path}`)).toContain('POST /api/usuarios');
  });

  it('no route answers 5xx, and every error has the documented shape and a pt-BR catalogue message', async () => {
    const falhas: string[] = [];
    const porClasse: Record<string, number> = {};
    const rotasComSucesso = new Set<string>();
    for (const [i, rota] of rotas.entries()) {
      await restaurar();
      const r = await fc.check(
        fc.asyncProperty(casoArb(rota), async (c) => {
          const req = requisicao(rota, c);
          const res = await app.inject(req);
          const classe = `${Math.floor(res.statusCode / 100)}xx`;
          porClasse[classe] = (porClasse[classe] ?? 0) + 1;
          if (classe === '2xx') rotasComSucesso.add(`${rota.method} ${rota.path}`);
          const p = problema(rota, res);
          if (p) throw new Error(`${p}\n    pedido: ${resumo(c, req)}`);
        }),
        { numRuns: RUNS, seed: SEED + i },
      );
      if (r.failed) {
        const erro = r.errorInstance instanceof Error ? r.errorInstance.message : String(r.errorInstance);
        falhas.push(
          `${rota.method} ${rota.path}: ${erro}\n    (FUZZ_SEED=${SEED}; fast-check seed ${r.seed}, path ${r.counterexamplePath ?? ''})`,
        );
      }
    }
    const semSucesso = rotas.map((r) => `${r.method} ${r.path}`).filter((r) => !rotasComSucesso.has(r));
    console.info(
      `fuzz de rotas (seed ${SEED}): ${JSON.stringify(porClasse)}; nenhum 2xx em ${semSucesso.length} de ${rotas.length} rotas: ${semSucesso.join(', ')}`,
    );
    expect(falhas, `FUZZ_SEED=${SEED}\n${falhas.join('\n')}`).toEqual([]);
    // Not vacuous: the plausible values get past validation and authorisation on most routes.
    expect(rotasComSucesso.size).toBeGreaterThan(rotas.length / 2);
  }, 240_000);

  it('a body over 1 MiB is 413 with the catalogue message, on JSON and form routes', async () => {
    const grande = 'x'.repeat(1_048_577);
    const json = await app.inject({
      method: 'POST',
      url: '/api/chips',
      headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
      payload: JSON.stringify({ descricao: grande, numero: '11987654321' }),
    });
    expect(json.statusCode).toBe(413);
    expect(json.json()).toEqual({ status: 413, message: MSG.corpoMuitoGrande });
    const anonimo = await app.inject({
      method: 'POST',
      url: '/users/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ nome: grande }),
    });
    expect(anonimo.statusCode).toBe(413);
    expect(anonimo.json()).toEqual({ status: 413, message: MSG.corpoMuitoGrande });
    const form = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basicCliente(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=password&username=${grande}`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toEqual({ error: 'invalid_request', error_description: MSG.corpoMuitoGrande });
  });

  it('invalid JSON is 400 with a pt-BR message', async () => {
    for (const payload of ['{', '{"descricao": "a",}', "{'descricao':1}", 'nul']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/chips',
        headers: { ...bearer(tokens.admin), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ status: 400, message: MSG.requisicaoInvalida });
    }
  });

  it('the inputs that once gave a 500 or an English error now get a pt-BR 4xx', async () => {
    const admin = bearer(tokens.admin);
    const pedir = (
      url: string,
      headers: Record<string, string> = admin,
      method: 'GET' | 'POST' = 'GET',
      payload?: Record<string, unknown>,
    ) => app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const campoInvalido = (campo: string) => ({ status: 400, message: MSG.campoInvalido, errors: [{ campo, message: MSG.campoInvalido }] });
    // An id past PostgreSQL's integer: the query used to fail.
    expect((await pedir('/api/chips/2147483648')).json()).toEqual(campoInvalido('id'));
    expect((await pedir(`/api/localizacoes?rastreadorId=2147483648`)).json()).toEqual(campoInvalido('rastreadorId'));
    expect(
      (await pedir('/api/rastreadores', admin, 'POST', { imei: '359339081999999', protocolo: 'TOPIN', chipId: 2 ** 31 })).json(),
    ).toEqual(campoInvalido('chipId'));
    const emulado = await pedir('/api/chips', { ...admin, 'x-usuario-emulado': '2147483648' });
    expect([emulado.statusCode, emulado.json()]).toEqual([404, { status: 404, message: MSG.naoEncontrado }]);
    // U+0000, which PostgreSQL text cannot hold.
    expect((await pedir('/api/chips?descricao=a%00b')).json()).toEqual(campoInvalido('descricao'));
    expect((await pedir('/api/chips', admin, 'POST', { descricao: 'a\u0000b', numero: '11987654321' })).json()).toEqual(
      campoInvalido('descricao'),
    );
    const signup = await pedir('/users/sign-up', {}, 'POST', {
      nome: 'A\u0000',
      email: 'nul@rastro.test',
      telefoneCelular: '11987654321',
      senha: 'senha-123456',
    });
    expect([signup.statusCode, signup.json()]).toEqual([400, campoInvalido('nome')]);
    // A malformed percent-encoding in the path: Fastify answered in English before any route.
    const url = await pedir('/api/chips/%');
    expect([url.statusCode, url.json()]).toEqual([400, { status: 400, message: MSG.requisicaoInvalida }]);
    // A dashboard day past year 9999 once the period was computed, and 30 February.
    for (const q of ['dataFinal=9999-12-31', 'dataInicial=2026-02-30']) {
      const res = await pedir(`/api/relatorios/totalizadores?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json<{ message: string }>().message, q).toBe(MSG.dataInvalida);
    }
  });
});
