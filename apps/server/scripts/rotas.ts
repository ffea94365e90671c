/**
 * `npm run rotas`: writes docs/ROTAS.md, every route of the server (method and path) with the
 * module that registers it and the file that declares it, read from the real app: buildApp on an
 * in-memory PGlite with the tests' environment. test/rotas.test.ts fails when the file and the app
 * disagree.
 *
 * The module is the name its plugin was registered under (modules/index.ts: Fastify's display
 * name, `app.pluginName` inside the plugin), never guessed from the path; the file is the first
 * frame of the stack, at the route's declaration, outside Fastify.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/client';
import { MODULOS } from '../src/modules';
import { TEST_ENV } from '../test/apoio/test-env';

/** The repository's root: files are named from it. */
export const RAIZ = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** The map, from the root. */
export const ARQUIVO_DO_MAPA = path.join(RAIZ, 'docs/ROTAS.md');

export interface Rota {
  metodo: string;
  caminho: string;
  /** The module whose plugin registered the route; null outside the modules (adapters, libraries). */
  modulo: string | null;
  /** Where the route is declared: a file from the repository's root, or the npm package that declares it. */
  arquivo: string;
  /** A WebSocket endpoint (`{ websocket: true }`): its GET is the upgrade. */
  websocket: boolean;
}

/** Fastify publishes each new instance here before any plugin is registered (docs: Diagnostics-Channel). */
const CANAL_DE_INICIO = 'fastify.initialization';
const ESTE_ARQUIVO = fileURLToPath(import.meta.url);
const FASTIFY = `${path.sep}node_modules${path.sep}fastify${path.sep}`;
const NOMES_DOS_MODULOS: ReadonlySet<string> = new Set(MODULOS.map((m) => m.nome));

function ehInstancia(mensagem: unknown): mensagem is { fastify: FastifyInstance } {
  return typeof mensagem === 'object' && mensagem !== null && 'fastify' in mensagem;
}

/**
 * The module whose plugin holds `instancia`: the nearest encapsulation context, from the route's
 * own up to the root, named after a module. A context's name is its plugin's, followed by those of
 * the fastify-plugin plugins it registered (`usuarios -> x`).
 */
function moduloDe(instancia: FastifyInstance): string | null {
  for (let contexto: object | null = instancia; contexto; contexto = Object.getPrototypeOf(contexto) as object | null) {
    const nome: unknown = Reflect.get(contexto, 'pluginName');
    if (typeof nome !== 'string') continue;
    const plugin = nome.split(' -> ')[0] ?? '';
    if (NOMES_DOS_MODULOS.has(plugin)) return plugin;
  }
  return null;
}

/** The package a file of node_modules belongs to (`@fastify/swagger-ui`). */
function pacoteDe(arquivo: string): string {
  const partes = arquivo.split(`${path.sep}node_modules${path.sep}`).at(-1)?.split(path.sep) ?? [];
  return (partes[0]?.startsWith('@') ? partes.slice(0, 2) : partes.slice(0, 1)).join('/');
}

/** The code that declared the route being registered: the first frame outside this file and Fastify. */
function declaracao(): string {
  const limite = Error.stackTraceLimit;
  Error.stackTraceLimit = 100;
  const pilha = new Error().stack ?? '';
  Error.stackTraceLimit = limite;
  for (const linha of pilha.split('\n').slice(1)) {
    const local = /(?:\(|at )(?:file:\/\/)?(\/[^():]+):\d+:\d+\)?$/.exec(linha.trim())?.[1];
    if (!local || local === ESTE_ARQUIVO || local.includes(FASTIFY)) continue;
    if (local.includes(`${path.sep}node_modules${path.sep}`)) return pacoteDe(local);
    return path.relative(RAIZ, local).split(path.sep).join('/');
  }
  throw new Error(`rota sem declaração fora do Fastify na pilha:\n${pilha}`);
}

/**
 * Runs `construir`, which builds the app, and gathers every route the app registers: an onRoute
 * hook added to the first Fastify instance created meanwhile, before any plugin. The HEAD Fastify
 * adds to each GET is left out (an explicit HEAD route is kept).
 */
export async function rotasDoApp<T>(construir: () => Promise<T>): Promise<{ app: T; rotas: Rota[] }> {
  const rotas: Rota[] = [];
  let instancia: FastifyInstance | undefined;
  /**
   * The handler of the GET just registered: Fastify adds its HEAD next, with the same handler (two
   * HEADs for a prefix's root, `/docs` and `/docs/`).
   */
  let handlerDoGet: RouteOptions['handler'] | undefined;
  const aoCriar = (mensagem: unknown) => {
    if (instancia || !ehInstancia(mensagem)) return;
    instancia = mensagem.fastify;
    instancia.addHook('onRoute', function (this: FastifyInstance, opcoes: RouteOptions) {
      const metodos = [opcoes.method].flat();
      if (metodos.length === 1 && metodos[0] === 'HEAD' && opcoes.handler === handlerDoGet) return;
      handlerDoGet = metodos.includes('GET') ? opcoes.handler : undefined;
      const arquivo = declaracao();
      const modulo = moduloDe(this);
      const websocket = opcoes.websocket === true;
      for (const metodo of metodos) rotas.push({ metodo, caminho: opcoes.url, modulo, arquivo, websocket });
    });
  };
  subscribe(CANAL_DE_INICIO, aoCriar);
  try {
    const app = await construir();
    if (!instancia) throw new Error('nenhuma instância do Fastify foi criada');
    return { app, rotas };
  } finally {
    unsubscribe(CANAL_DE_INICIO, aoCriar);
  }
}

const comparar = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** docs/ROTAS.md for these routes: sorted by path, then method. */
export function mapaEmMarkdown(rotas: readonly Rota[]): string {
  const linhas = [...rotas]
    .sort((a, b) => comparar(a.caminho, b.caminho) || comparar(a.metodo, b.metodo))
    .map((r) => {
      const metodo = r.websocket ? `${r.metodo} (WebSocket)` : r.metodo;
      const modulo = r.modulo ?? '— (fora dos módulos)';
      const arquivo = r.arquivo.includes('/') && !r.arquivo.startsWith('@') ? `[${r.arquivo}](../${r.arquivo})` : `\`${r.arquivo}\``;
      return `| ${metodo} | \`${r.caminho}\` | ${modulo} | ${arquivo} |`;
    });
  return [
    '# Mapa de rotas',
    '',
    'Gerado por `npm run rotas` a partir das rotas que o servidor registra (teste: `apps/server/test/plataforma/rotas.test.ts`); não edite à mão.',
    '',
    '| Método | Caminho | Módulo | Arquivo |',
    '| --- | --- | --- | --- |',
    ...linhas,
    '',
    'As páginas da web não são rotas do Fastify: o tratador de 404 de `registerWeb` (`apps/server/src/app.ts`) responde a uma leitura fora',
    'da API com o HTML do build; os arquivos do build (`apps/web/dist`) são rotas GET e HEAD de `@fastify/static`, uma por arquivo, que',
    'só existem com o build e por isso ficam fora do mapa. O HEAD que o Fastify acrescenta a cada GET também não é listado.',
    '',
  ].join('\n');
}

/** The app as the tests build it (test/helpers.ts, criarApp): the tests' environment on an empty PGlite. */
async function construirApp() {
  const database = await openPglite();
  await database.migrate();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rastro-rotas-'));
  const app = await buildApp({ config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir }), database, logger: false });
  await app.ready();
  return Object.assign(app, {
    async fechar() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { app, rotas } = await rotasDoApp(construirApp);
  await app.fechar();
  await writeFile(ARQUIVO_DO_MAPA, mapaEmMarkdown(rotas));
  process.stdout.write(`${path.relative(RAIZ, ARQUIVO_DO_MAPA)}: ${rotas.length} rotas.\n`);
}
