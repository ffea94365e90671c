import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { build, type Plugin } from 'vite';
import { RAIZ } from '../lib/postgres-temp';

/**
 * The production build of apps/web into a directory of our own (apps/web/dist belongs to
 * `npm start` and the E2E run), with Vite's manifest, and what each route costs in JavaScript.
 */
const WEB = path.join(RAIZ, 'apps/web');
const gz = promisify(gzip);

interface EntradaManifest {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, EntradaManifest>;

export interface Build {
  dir: string;
  manifest: Manifest;
  /** Output file → the source modules rolldown put in it (node_modules paths included). */
  modulos: Map<string, string[]>;
}

/** Collects each chunk's modules: the manifest names chunks, not what is inside them. */
function coletorDeModulos(modulos: Map<string, string[]>): Plugin {
  return {
    name: 'rastro-bench-modulos',
    apply: 'build',
    generateBundle(_opcoes, bundle) {
      for (const saida of Object.values(bundle)) if (saida.type === 'chunk') modulos.set(saida.fileName, [...saida.moduleIds]);
    },
  };
}

export async function construirWeb(dir: string): Promise<Build> {
  const modulos = new Map<string, string[]>();
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [coletorDeModulos(modulos)],
    // Source maps change nothing a browser downloads; skipping them saves build time. On a busy
    // machine rolldown would also print how long each plugin took: noise here.
    build: {
      outDir: dir,
      emptyOutDir: true,
      manifest: true,
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  });
  const manifest = JSON.parse(await readFile(path.join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  return { dir, manifest, modulos };
}

/**
 * The share link's public page (apps/web/vite.publico.config.ts), built after the app into the same
 * directory, as `npm run build` does, with a manifest of its own.
 */
export async function construirPublico(dir: string): Promise<Build> {
  const modulos = new Map<string, string[]>();
  await build({
    root: WEB,
    configFile: path.join(WEB, 'vite.publico.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    plugins: [coletorDeModulos(modulos)],
    build: {
      outDir: dir,
      emptyOutDir: false,
      manifest: 'publico-manifest.json',
      sourcemap: false,
      reportCompressedSize: false,
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  });
  const manifest = JSON.parse(await readFile(path.join(dir, 'publico-manifest.json'), 'utf8')) as Manifest;
  return { dir, manifest, modulos };
}

/** The JavaScript the public page downloads: its entry and everything that entry imports. */
export const jsDoPublico = (b: Build): Promise<JsDaRota> =>
  somar(
    b,
    [...fecho(b.manifest, ['publico.html'], true)].map((k) => b.manifest[k]?.file ?? ''),
  );

/**
 * Manifest keys reachable from `inicio` through static imports (and dynamic ones, if asked, except
 * those of the `daEntrada` chunks: the router's imports of every page live there).
 */
function fecho(m: Manifest, inicio: readonly string[], dinamicos = false, daEntrada: ReadonlySet<string> = new Set()): Set<string> {
  const vistos = new Set<string>();
  const pilha = [...inicio];
  for (let k = pilha.pop(); k !== undefined; k = pilha.pop()) {
    if (vistos.has(k)) continue;
    const e = m[k];
    if (!e) throw new Error(`manifest sem a entrada ${k}`);
    vistos.add(k);
    // The entry's dynamic imports are every route: only the route's own on-demand imports count.
    pilha.push(...(e.imports ?? []), ...(dinamicos && k !== ENTRADA && !daEntrada.has(k) ? (e.dynamicImports ?? []) : []));
  }
  return vistos;
}

export interface JsDaRota {
  arquivos: string[];
  bytes: number;
  gzip: number;
  /** Gzip size of each file, in the order of `arquivos`. */
  gzipPorArquivo: number[];
}

const cacheGzip = new Map<string, Promise<{ bytes: number; gzip: number }>>();

/** Raw and gzip size (zlib's default level, as Vite's own report) of one output file. */
function tamanho(dir: string, arquivo: string) {
  const chave = path.join(dir, arquivo);
  let t = cacheGzip.get(chave);
  if (!t) {
    t = readFile(chave).then(async (b) => ({ bytes: b.length, gzip: (await gz(b)).length }));
    cacheGzip.set(chave, t);
  }
  return t;
}

/** Each file is its own response, so the route's cost is the sum of the files' gzip sizes. */
async function somar(b: Build, arquivos: Iterable<string>): Promise<JsDaRota> {
  const lista = [...new Set(arquivos)].filter((f) => f.endsWith('.js')).sort();
  const tamanhos = await Promise.all(lista.map((f) => tamanho(b.dir, f)));
  return {
    arquivos: lista,
    bytes: tamanhos.reduce((s, t) => s + t.bytes, 0),
    gzip: tamanhos.reduce((s, t) => s + t.gzip, 0),
    gzipPorArquivo: tamanhos.map((t) => t.gzip),
  };
}

export const ENTRADA = 'index.html';

/** The entry key of a lazy route's module, e.g. `src/app/routes/auth/login.tsx`. */
export const rota = (arquivo: string) => `src/app/routes/${arquivo}.tsx`;

/**
 * The JavaScript a first visit to a route downloads: the entry chunk and its static imports,
 * then the route's lazy chunk and its static imports. With `dinamicos`, also what the route
 * imports on demand (the login's ALTCHA widget loads as soon as the form shows).
 */
export function jsDaRota(b: Build, chaveDaRota: string | null, dinamicos = false): Promise<JsDaRota> {
  const entrada = fecho(b.manifest, [ENTRADA]);
  const chaves = [...entrada, ...(chaveDaRota ? fecho(b.manifest, [chaveDaRota], dinamicos, entrada) : [])];
  return somar(
    b,
    chaves.map((k) => b.manifest[k]?.file ?? ''),
  );
}

/** Every JavaScript file of the build. */
export const todoJs = (b: Build): Promise<JsDaRota> => somar(b, b.modulos.keys());

/** Modules of a package (`leaflet`, `@mui/x-charts`) inside these output files. */
export function modulosDoPacote(b: Build, arquivos: readonly string[], pacote: string): string[] {
  const marca = `/node_modules/${pacote}/`;
  return arquivos.flatMap((f) => (b.modulos.get(f) ?? []).filter((id) => id.replaceAll('\\', '/').includes(marca)));
}
