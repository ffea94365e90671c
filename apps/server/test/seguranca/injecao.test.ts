import { sql } from 'drizzle-orm';
import type { Chip } from '@rastro/shared/schemas/chips';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import type { UsuarioDetalhe, UsuarioLista } from '@rastro/shared/schemas/usuarios';
import type { Page } from '@rastro/shared/schemas/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idDoNivel } from '../../src/modules/usuarios/repository';
import { NIVEL_CLIENTE } from '../../src/modules/usuarios/seed';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { cpfValido } from '@rastro/testes/cpf';
import { contar, criarCliente, registrarRastreador } from '../apoio/fixtures';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

/**
 * HTML and SQL injection typed into real forms is stored and given back byte for byte: inert
 * inside JSON, no SQL effect, LIKE wildcards matched literally; the export files escape it.
 */
const HOSTIS = [
  '<script>alert(1)</script>',
  "'; drop table usuarios; --",
  '" or 1=1 --',
  "%' or '%'='",
  "Robert'); DROP TABLE chips;--",
  '<img src=x onerror="alert(1)">',
  'a & b <c> ]]> <![CDATA[x]]> &amp;',
  "\\'; select pg_sleep(5); --",
  '$1 $$ ${7*7} {{7*7}}',
  // Emoji (one joined with U+200D), accents, a ligature. A bidi override (U+202E) is refused since
  // #31 (zonas.test.ts): no text field takes control or invisible characters.
  '😀 ação ﷺ 🐕‍🦺',
];
/** Cells a spreadsheet would run as formulas. */
const FORMULAS = ['=HYPERLINK("http://x","y")', '+SUM(1,2)', '-2+3', '@cmd|"/C calc"!A0'];

let app: TestApp;
let admin: Record<string, string>;
let tabelas: Record<string, number>;
let seq = 0;
const numero = () => `1198765${String(4000 + ++seq).padStart(4, '0')}`;
const imei = () => `35933908200${String(1000 + ++seq).slice(-4)}`;

const TABELAS = ['usuarios', 'chips', 'rastreadores', 'usuario_rastreadores', 'niveis', 'sessoes'];
async function contarTabelas() {
  return Object.fromEntries(await Promise.all(TABELAS.map(async (t) => [t, await contar(app, t)] as const)));
}

beforeAll(async () => {
  app = await criarApp();
  admin = bearer(await entrar(app));
  tabelas = await contarTabelas();
});
afterAll(() => app.fechar());

const get = <T>(url: string, headers = admin) => app.inject({ method: 'GET', url, headers }).then((r) => ({ res: r, body: r.json<T>() }));

/** The JSON answer holds the text as a JSON string, exactly (so a browser never reads it as markup). */
function devolveIntacto(res: { body: string; headers: Record<string, unknown> }, texto: string) {
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.body).toContain(JSON.stringify(texto));
}

describe('injection through the forms', () => {
  it('chip descrição: stored and returned byte for byte, found by a literal search', async () => {
    for (const descricao of [...HOSTIS, ...FORMULAS]) {
      const criado = await app.inject({ method: 'POST', url: '/api/chips', headers: admin, payload: { descricao, numero: numero() } });
      expect(criado.statusCode, descricao).toBe(201);
      const id = criado.json<Chip>().id;
      const { res, body } = await get<Chip>(`/api/chips/${id}`);
      expect(body.descricao).toBe(descricao);
      devolveIntacto(res, descricao);
      const busca = await get<Page<Chip>>(`/api/chips?descricao=${encodeURIComponent(descricao)}&size=100`);
      expect(
        busca.body.content.map((c) => c.descricao),
        descricao,
      ).toEqual([descricao]);
    }
    expect(await contar(app, 'chips', sql`descricao = ${HOSTIS[1]}`)).toBe(1);
  });

  it("tracker descrição through the owner's link: stored, returned and searched literally", async () => {
    const dono = await criarCliente(app, 'DONO');
    const h = bearer(dono.token);
    for (const descricao of HOSTIS) {
      const i = imei();
      await registrarRastreador(app, admin, i);
      const res = await app.inject({
        method: 'POST',
        url: '/api/usuarios/rastreadores',
        headers: h,
        payload: { imei: i, descricao, intervaloLocalizacao: 5, periUltraEconBateria: 60 },
      });
      expect(res.statusCode, `${descricao}: ${res.body}`).toBeLessThan(300);
      const id = res.json<MeuRastreador>().id;
      const lido = await get<MeuRastreador>(`/api/usuarios/rastreadores/${id}`, h);
      expect(lido.body.descricao).toBe(descricao);
      devolveIntacto(lido.res, descricao);
      const busca = await get<Page<MeuRastreador>>(`/api/usuarios/rastreadores?descricao=${encodeURIComponent(descricao)}&size=100`, h);
      expect(
        busca.body.content.map((r) => r.descricao),
        descricao,
      ).toEqual([descricao]);
    }
    // Editing keeps it too.
    const primeiro = (await get<Page<MeuRastreador>>('/api/usuarios/rastreadores?size=1', h)).body.content[0];
    const novo = `${HOSTIS[0]}${HOSTIS[1]}`;
    const editado = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: h,
      payload: { id: primeiro?.id, imei: primeiro?.imei, descricao: novo, intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    });
    expect(editado.statusCode, editado.body).toBeLessThan(300);
    expect((await get<MeuRastreador>(`/api/usuarios/rastreadores/${primeiro?.id}`, h)).body.descricao).toBe(novo);
  });

  it('user nome (admin form) and address fields (my account): stored and returned byte for byte', async () => {
    const nivelId = await idDoNivel(app.database.db, NIVEL_CLIENTE);
    let n = 123_456_000;
    for (const texto of HOSTIS.filter((t) => t.length <= 50)) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/usuarios',
        headers: admin,
        payload: {
          nome: texto,
          email: `inj${++seq}@rastro.test`,
          cpf: cpfValido(++n),
          dataNascimento: null,
          nivelId,
          rg: '',
          sexo: null,
          telefoneCelular: '11987654321',
          telefoneResidencial: '',
          telefoneComercial: '',
          cep: '',
          logradouro: '',
          numero: '',
          complemento: texto,
          bairro: '',
          referencia: '',
          estadoId: null,
          cidadeId: null,
        },
      });
      expect(res.statusCode, `${texto}: ${res.body}`).toBe(201);
      const id = res.json<UsuarioDetalhe>().id;
      const lido = await get<UsuarioDetalhe>(`/api/usuarios/${id}`);
      expect([lido.body.nome, lido.body.complemento]).toEqual([texto, texto]);
      devolveIntacto(lido.res, texto);
      const busca = await get<Page<UsuarioLista>>(`/api/usuarios?nome=${encodeURIComponent(texto)}&size=100`);
      expect(
        busca.body.content.map((u) => u.nome),
        texto,
      ).toEqual([texto]);
    }

    for (const texto of HOSTIS) {
      const eu = await criarCliente(app, 'CONTA');
      const h = bearer(eu.token);
      const conta = {
        cpf: cpfValido(++n),
        rg: '',
        sexo: null,
        telefoneCelular: '11987654321',
        telefoneResidencial: '',
        telefoneComercial: '',
        cep: '',
        logradouro: texto.slice(0, 50),
        numero: '',
        complemento: texto,
        bairro: texto,
        referencia: texto,
        estadoId: null,
        cidadeId: null,
      };
      const res = await app.inject({ method: 'POST', url: '/users', headers: h, payload: conta });
      expect(res.statusCode, `${texto}: ${res.body}`).toBe(200);
      const lido = await get<UsuarioDetalhe>(`/users/${eu.id}`, h);
      expect(lido.body).toMatchObject({ logradouro: texto.slice(0, 50), complemento: texto, bairro: texto, referencia: texto });
      devolveIntacto(lido.res, texto);
    }
  });

  it('searches match % and _ literally (never as LIKE wildcards) and SQL text matches nothing else', async () => {
    const dono = await criarCliente(app, 'CURINGAS');
    const h = bearer(dono.token);
    for (const d of ['100%', 'A_B', 'AXB', 'AB', 'BARRA \\ INVERTIDA']) {
      await app.inject({ method: 'POST', url: '/api/chips', headers: admin, payload: { descricao: `CURINGA ${d}`, numero: numero() } });
      const i = imei();
      await registrarRastreador(app, admin, i);
      await app.inject({
        method: 'POST',
        url: '/api/usuarios/rastreadores',
        headers: h,
        payload: { imei: i, descricao: `CURINGA ${d}`, intervaloLocalizacao: 5, periUltraEconBateria: 60 },
      });
    }
    const listas = {
      chips: async (q?: string) =>
        (await get<Page<Chip>>(`/api/chips?size=100${q === undefined ? '' : `&descricao=${encodeURIComponent(q)}`}`)).body.content.map(
          (c) => c.descricao,
        ),
      meus: async (q?: string) =>
        (
          await get<Page<MeuRastreador>>(
            `/api/usuarios/rastreadores?size=100${q === undefined ? '' : `&descricao=${encodeURIComponent(q)}`}`,
            h,
          )
        ).body.content.map((c) => c.descricao),
      usuarios: async (q?: string) =>
        (
          await get<Page<UsuarioLista>>(`/api/usuarios?size=100${q === undefined ? '' : `&nome=${encodeURIComponent(q)}`}`)
        ).body.content.map((u) => u.nome),
    };
    for (const [lista, buscar] of Object.entries(listas)) {
      const todos = await buscar();
      expect(todos.length, lista).toBeLessThan(100);
      // The oracle: a search finds exactly the rows holding the text as typed (case aside).
      for (const q of ['%', '_', '0%', 'A_B', 'CURINGA %', '\\', '\\%', "' or 1=1 --", "%' or '%'='", "' or '1'='1"]) {
        const esperado = todos.filter((t) => t.toUpperCase().includes(q.toUpperCase())).sort();
        expect((await buscar(q)).sort(), `${lista}: ${q}`).toEqual(esperado);
      }
    }
    expect((await listas.meus('_')).sort()).toEqual(['CURINGA A_B']);
    expect((await listas.meus('%')).sort()).toEqual(['CURINGA 100%']);
    expect((await listas.meus('\\')).sort()).toEqual(['CURINGA BARRA \\ INVERTIDA']);
    // Trackers by IMEI (admin list): digits only, so a wildcard finds nothing.
    for (const q of ['%', '_', "' or 1=1 --"]) {
      const r = await get<Page<unknown>>(`/api/rastreadores?imei=${encodeURIComponent(q)}`);
      expect(r.res.statusCode, q).toBe(200);
      expect(r.body.totalElements, q).toBe(0);
    }
  });

  it('no SQL ran: every table is there, and grew only by the rows the forms created', async () => {
    const agora = await contarTabelas();
    for (const t of TABELAS) expect(agora[t], t).toBeGreaterThanOrEqual(tabelas[t] ?? 0);
    expect(agora.niveis).toBe(tabelas.niveis);
    // The seeded administrator still logs in (the usuarios table and its rows are intact).
    expect(await entrar(app)).toMatch(/\S{20,}/);
  });
});

// ---- The export files -------------------------------------------------------------------------

const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);
const periodo = `dataInicial=${encodeURIComponent(new Date(T0 - 60_000).toISOString())}&dataFinal=${encodeURIComponent(new Date(T0 + 3_600_000).toISOString())}`;

/** A tracker of a new owner named `descricao`, with two positions in the period; its headers. */
async function rastreadorComTrilha(descricao: string) {
  const dono = await criarCliente(app, 'EXPORTA');
  const h = bearer(dono.token);
  const i = imei();
  const rastreadorId = await registrarRastreador(app, admin, i);
  const res = await app.inject({
    method: 'POST',
    url: '/api/usuarios/rastreadores',
    headers: h,
    payload: { imei: i, descricao, intervaloLocalizacao: 5, periUltraEconBateria: 60 },
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  for (const m of [0, 10]) {
    await app.database.db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade) values (${rastreadorId}, 'GPS', ${new Date(T0 + m * 60_000).toISOString()}::timestamptz, -23.5, -46.6, 2)`,
    );
    await recalcularLocalizacoesAtuais(app.database.db);
  }
  return { h, rastreadorId };
}

const escaparXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Well-formed enough: every < opens a tag, declaration or comment, and every & starts an entity. */
function xmlBemFormado(xml: string) {
  const semMarcacao = xml.replace(/<\?xml[^<>]*\?>|<\/?[A-Za-z][\w:.-]*(\s+[\w:.-]+="[^"<&]*")*\s*\/?>/g, '');
  expect(semMarcacao).not.toMatch(/[<>]/);
  expect(xml).not.toMatch(/&(?!(lt|gt|amp|apos|quot);)/);
}

/** The cells of a CSV (RFC 4180 quoting). */
function celulas(linha: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i <= linha.length) {
    if (linha[i] === '"') {
      let v = '';
      i++;
      for (;;) {
        const j = linha.indexOf('"', i);
        v += linha.slice(i, j);
        i = j + 1;
        if (linha[i] === '"') {
          v += '"';
          i++;
        } else break;
      }
      out.push(v);
      i++;
    } else {
      const j = linha.indexOf(',', i);
      out.push(linha.slice(i, j < 0 ? linha.length : j));
      i = j < 0 ? linha.length + 1 : j + 1;
    }
  }
  return out;
}

describe('injection in the export files', () => {
  it.each(HOSTIS)('GPX and KML escape %s, and the file name stays plain ASCII', async (descricao) => {
    const { h, rastreadorId } = await rastreadorComTrilha(descricao);
    for (const formato of ['gpx', 'kml']) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/localizacoes/exportar?rastreadorId=${rastreadorId}&${periodo}&formato=${formato}`,
        headers: h,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).toContain(`<name>${escaparXml(descricao)}</name>`);
      if (/[<&]/.test(descricao)) expect(res.body).not.toContain(descricao);
      xmlBemFormado(res.body);
      expect(String(res.headers['content-disposition'])).toMatch(
        /^attachment; filename="historico-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.(gpx|kml)"$/,
      );
    }
  });

  it.each([...FORMULAS, ...HOSTIS.slice(0, 4)])('CSV neutralises %s', async (descricao) => {
    const { h, rastreadorId } = await rastreadorComTrilha(descricao);
    const res = await app.inject({
      method: 'GET',
      url: `/api/localizacoes/exportar?rastreadorId=${rastreadorId}&${periodo}&formato=csv`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [cabecalho, ...linhas] = res.body.trimEnd().split('\n');
    expect(cabecalho?.startsWith('rastreador,')).toBe(true);
    expect(linhas).toHaveLength(2);
    for (const linha of linhas) {
      const [nome, dataHora, ...resto] = celulas(linha);
      // A formula is kept as text: a leading apostrophe, the rest as typed.
      expect(nome).toBe(/^[=+\-@]/.test(descricao) ? `'${descricao}` : descricao);
      expect(dataHora).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(resto.slice(0, 2)).toEqual(['-23.5', '-46.6']);
    }
  });
});
