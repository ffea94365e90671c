import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, transformWithOxc, type Plugin } from 'vite';
// Relative, not @rastro/shared: the config's bundler inlines relative imports and leaves packages to
// Node, which does not load TypeScript.
import { COOKIE_DIAS } from '../../packages/shared/src/constants';
import { MSG } from '../../packages/shared/src/messages';
import { DADOS_LOCAIS_DO_USUARIO } from './src/lib/dados-locais';
import { ROTA_DA_PREVIA } from './src/previa/eventos';
import { precompress } from './vite.compressao';

/** Where the API listens in development (apps/server, PORT 8080). */
const API_TARGET = 'http://localhost:8080';

const proxied = ['/api', '/oauth', '/users', '/health', '/docs'] as const;

/** What the login drawn in the HTML says and sends (login-estatico.html's RASTRO_LOGIN); the rest is React's. */
function configDoLoginEstatico(mode: string) {
  const env = loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_');
  // The same defaults as src/lib/config.ts: the web app's OAuth client, public like the bundle that carries it.
  const id = env.VITE_OAUTH_CLIENT_ID || 'rastro-web';
  const segredo = env.VITE_OAUTH_CLIENT_SECRET || 'rastro-web-secret';
  const { campoObrigatorio, emailInvalido, resolvaCaptcha, emailOuSenhaInvalidos, erroInterno, servicoIndisponivel, offline } = MSG;
  return {
    msg: { campoObrigatorio, emailInvalido, resolvaCaptcha, emailOuSenhaInvalidos, erroInterno, servicoIndisponivel, offline },
    cliente: `Basic ${Buffer.from(`${id}:${segredo}`).toString('base64')}`,
    cookieDias: COOKIE_DIAS,
  };
}

/** The app's entry script and its modulepreload links, taken out of a built page (to be started by its inline script). */
function tirarApp(html: string): { app: { entrada: string; preloads: string[] }; semApp: string } | null {
  const entrada = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  if (!entrada?.[1]) return null;
  let semApp = html.replace(entrada[0], '');
  for (const m of preloads) semApp = semApp.replace(m[0], '');
  return { app: { entrada: entrada[1], preloads: preloads.map((m) => m[1] ?? '') }, semApp };
}

/**
 * Writes `login.html`: index.html with the login screen in plain HTML, CSS and one inline script
 * inside #root (login-estatico.html), which the server sends for /auth/login: a form that works
 * from the first paint, before the app's JavaScript arrives (issue #18, bench/web's
 * login_ready_mobile; docs/adr/0011-login-funcional-no-html.md). React replaces it.
 */
function loginEstatico(): Plugin {
  const root = '<div id="root"></div>';
  let mode = 'production';
  return {
    name: 'rastro-login-estatico',
    apply: 'build',
    configResolved(c) {
      mode = c.mode;
    },
    generateBundle: {
      // After Vite's own HTML plugin has put index.html in the bundle.
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('index.html ausente do build');
        const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        if (!html.includes(root)) return this.error(`index.html sem ${root}`);
        const fonte = await readFile(new URL('./login-estatico.html', import.meta.url), 'utf8');
        const marca = 'var RASTRO_LOGIN = null;';
        if (!fonte.includes(marca)) return this.error(`login-estatico.html sem ${marca}`);
        // The app's entry and its preloads leave the page: the inline script starts them on the first
        // interaction (docs/adr/0020-o-que-roda-antes-da-primeira-pintura.md), so nothing of React runs
        // while the page loads.
        const extraido = tirarApp(html);
        if (!extraido) return this.error('index.html sem o script da entrada');
        const { app, semApp } = extraido;
        // '<' escaped: no message can close the script early.
        const config = JSON.stringify({ ...configDoLoginEstatico(mode), app }).replace(/</g, '\\u003c');
        const tela = fonte.replace(/^<!--[\s\S]*?-->\n/, '').replace(marca, () => `var RASTRO_LOGIN = ${config};`);
        // The first frame waits for the whole card (rel=expect): painted while the HTML still streams,
        // half a card sits centred and then jumps up as the rest arrives (a layout shift).
        const fim = 'login-estatico-fim';
        if (!tela.includes(`id="${fim}"`)) return this.error(`login-estatico.html sem #${fim}`);
        const login = semApp
          .replace('</head>', `  <link rel="expect" href="#${fim}" blocking="render" />\n  </head>`)
          .replace(root, `<div id="root">${tela}</div>`)
          .replace('<title>Rastro</title>', '<title>Fazer login | Rastro</title>');
        this.emitFile({ type: 'asset', fileName: 'login.html', source: login });
      },
    },
  };
}

/**
 * index.html starts the app from one inline script instead of a module script (docs/adr/
 * 0023-previa-do-mapa.md): on /user/mapa with a map view kept in this browser it first loads the map's
 * preview (src/previa/main.ts), which draws the kept markers, and starts the app after that paint;
 * elsewhere it starts the app at once, with the same preloads the module script had. login.html,
 * made before from the same page, starts the app its own way (loginEstatico).
 */
function previaDoMapa(): Plugin {
  return {
    name: 'rastro-previa-do-mapa',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('index.html ausente do build');
        const previa = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === 'previa');
        if (previa?.type !== 'chunk') return this.error('o build não tem a entrada previa (src/previa/main.ts)');
        const html = typeof index.source === 'string' ? index.source : new TextDecoder().decode(index.source);
        const extraido = tirarApp(html);
        if (!extraido) return this.error('index.html sem o script da entrada');
        const fonte = readFileSync(new URL('./src/previa/carregador.js', import.meta.url), 'utf8');
        const dados = JSON.stringify({
          ...extraido.app,
          previa: `/${previa.fileName}`,
          // Its own imports fetched beside it, not after it.
          previaPreloads: previa.imports.map((f) => `/${f}`),
          rota: ROTA_DA_PREVIA,
          chave: DADOS_LOCAIS_DO_USUARIO.vistaDoMapa,
        });
        const marca = 'var RASTRO_APP = null;';
        if (!fonte.includes(marca)) return this.error(`src/previa/carregador.js sem ${marca}`);
        const script = fonte
          .replace(/^(\/\*[\s\S]*?\*\/\n)+/, '')
          .replace(marca, () => `var RASTRO_APP = ${dados};`)
          .trim();
        // At the end of the body: #root is there when the app's entry runs.
        index.source = extraido.semApp.replace('</body>', () => `  <script>${script}</script>\n  </body>`);
      },
    },
  };
}

/** The login page the worker serves from its cache (src/sw/worker.ts). */
const LOGIN_HTML = 'login.html';

/** The public/ files the service worker keeps besides the bundle (the rest of public/ is not the app shell). */
const PUBLICOS_DO_APP = /^(favicon\.svg|offline\.html|manifest\.webmanifest|icons\/.+\.png)$/;

/**
 * Writes `sw.js` from src/sw/worker.ts (issue #18): types stripped, no bundling (the worker imports
 * nothing), with the list of built files to cache and a version that changes with any of them.
 * Source maps and index.html stay out: those navigations go to the network (the server decides),
 * with the offline page when there is none. login.html is kept: the worker answers /auth/login
 * with it, and it belongs to the same build as the scripts kept beside it.
 */
function servicoWorker(): Plugin {
  const fonte = new URL('./src/sw/worker.ts', import.meta.url);
  const publico = new URL('./public/', import.meta.url);
  return {
    name: 'rastro-service-worker',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const publicos = (await readdir(publico, { recursive: true })).map((f) => f.split(path.sep).join('/'));
        const arquivos = [
          ...Object.keys(bundle).filter(
            (f) => !f.startsWith('.vite/') && !f.endsWith('.map') && (!f.endsWith('.html') || f === LOGIN_HTML || f === 'index.html'),
          ),
          ...publicos.filter((f) => PUBLICOS_DO_APP.test(f)),
        ].sort();
        const hash = createHash('sha256');
        for (const f of arquivos) {
          const item = bundle[f];
          hash.update(f);
          if (item?.type === 'chunk') hash.update(item.code);
          else if (item?.type === 'asset') hash.update(item.source);
          else hash.update(await readFile(new URL(f, publico)));
        }
        const ts = await readFile(fonte, 'utf8');
        const { code } = await transformWithOxc(ts, fonte.pathname, { lang: 'ts', target: 'es2022' });
        const semExport = code.replace(/^export \{\s*\};?\s*$/m, '');
        if (/^\s*(import|export)\b/m.test(semExport)) return this.error('src/sw/worker.ts não pode importar nem exportar');
        const precache = arquivos.map((f) => `/${f}`);
        const source =
          `const PRECACHE = ${JSON.stringify(precache)};\nconst VERSAO = ${JSON.stringify(hash.digest('hex').slice(0, 12))};\n` + semExport;
        this.emitFile({ type: 'asset', fileName: 'sw.js', source });
      },
    },
  };
}

/** The version this build shows (the footer): APP_VERSION as the server reads it, else the package's. */
function versaoDoBuild(): string {
  const pacote: unknown = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  const doPacote = typeof pacote === 'object' && pacote !== null && 'version' in pacote ? String(pacote.version) : '0.0.0';
  return process.env.APP_VERSION || doPacote;
}

/** The modules of the map's preview (src/previa/main.ts and what it imports): a chunk graph of their own. */
const DA_PREVIA =
  /[\\/]web[\\/]src[\\/](previa[\\/]|lib[\\/]dados-locais\.ts|publico[\\/]formato\.ts|components[\\/](map[\\/]pino|pet[\\/]cor\.ts)|features[\\/]mapa[\\/](api[\\/]vista-guardada\.ts|components[\\/]mapa[\\/]icones\.ts))|node_modules[\\/]leaflet[\\/]/;

export default defineConfig({
  plugins: [react(), loginEstatico(), previaDoMapa(), servicoWorker(), precompress()],
  define: { 'import.meta.env.VITE_VERSAO': JSON.stringify(versaoDoBuild()) },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET, changeOrigin: false, ws: prefix === '/api' }])),
  },
  preview: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_TARGET }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Hidden: the bundles carry no sourceMappingURL; the server does not serve .map in production.
    sourcemap: 'hidden',
    rolldownOptions: {
      // The app, and the map's preview, loaded by index.html's inline script (previaDoMapa).
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        previa: fileURLToPath(new URL('./src/previa/main.ts', import.meta.url)),
      },
      output: {
        // Every page is a lazy route. The React runtime gets its own long-cached chunk; the rest of
        // what the first screen needs is one chunk, and the form kit every form page shares another:
        // over a slow mobile link each extra file is one more round trip (HTTP/1.1, six at a time).
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // The map's preview is an entry too: what it loads (Leaflet, the markers' icons) stays out of
            // the app's first chunks, and nothing of React or MUI goes into the preview's.
            { name: 'inicial', tags: ['$initial'], test: (id) => /node_modules/.test(id) && !DA_PREVIA.test(id), priority: 20 },
            // The preview's modules the app's first screen imports too (no imports of their own): a small
            // chunk both load, so neither loads the other's.
            {
              name: 'comum',
              test: /[\\/]web[\\/]src[\\/](lib[\\/]dados-locais\.ts|components[\\/]pet[\\/]cor\.ts|publico[\\/]formato\.ts|previa[\\/]eventos\.ts)$/,
              priority: 16,
            },
            // The app's own modules of the first screen (main.tsx, the entry, stays apart: the HTML loads it).
            {
              name: 'base',
              tags: ['$initial'],
              test: (id) =>
                /[\\/]web[\\/]src[\\/].+[\\/]|[\\/]web[\\/]src[\\/]paths\.ts$|[\\/]shared[\\/]src[\\/]/.test(id) && !DA_PREVIA.test(id),
              priority: 15,
            },
            // Two small modules the login shares with other screens (the public configuration, the
            // heading), in one file rather than two: each file costs a request and its own compression overhead.
            {
              name: 'publico',
              test: /[\\/]web[\\/]src[\\/](lib[\\/]app-config\.ts|features[\\/]auth[\\/]components[\\/]AuthHeading\.tsx)$/,
              priority: 14,
            },
            // The form kit: react-hook-form, the app's form components and the MUI inputs they draw.
            {
              name: 'formularios',
              test: /node_modules[\\/](react-hook-form|@hookform)[\\/]|[\\/]@mui[\\/]material[\\/](InputBase|OutlinedInput|InputAdornment|InputLabel|FormControl|FormHelperText|FormLabel|TextareaAutosize|IconButton|Link)[\\/]|[\\/]web[\\/]src[\\/]components[\\/](form[\\/](Form|TextFieldControl)|RouterLink)\.tsx$/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
});
