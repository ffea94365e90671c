import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@rastro/shared/messages';
import type { Config } from './config';
import type { Database } from './db/client';
import { opcoesDeLog } from './lib/log';
import type { AppInstance } from './lib/tipos';
import { aoVivoPlugin } from './ao-vivo/plugin';
import { gatewayTopin } from './gateway/plugin';
import { fonteDeSessoes } from './modules/auth/sessoes';
import { MODULOS, TAREFAS_DE_FUNDO } from './modules';
import { authPlugin } from './plugins/auth';
import { captchaPlugin } from './plugins/captcha/service';
import { compressionPlugin } from './plugins/compression';
import { corePlugin } from './plugins/core';
import { emailPlugin } from './plugins/email/entregador';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { metricsPlugin } from './plugins/metrics';
import { hashesDeScripts, securityHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { serializadorZod } from './plugins/serializer';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** pino options (level, stream…) or false; the config's level by default; secrets are always censored. */
  logger?: FastifyServerOptions['logger'];
  /** Also runs the TOPIN gateway, started and stopped with the app (main.ts, unless ROLE=api). */
  gateway?: boolean;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const API_PREFIXES = ['/api/', '/oauth/', '/users/', '/docs', '/health', '/metrics'];

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the n nearest hops". */
function confiancaNoProxy(t: false | number | string[]): boolean | string[] | ((endereco: string, salto: number) => boolean) {
  return typeof t === 'number' ? (_endereco, salto) => salto < t : t;
}

/**
 * GET or HEAD: a page read whole or only its headers (uptime monitors ask with HEAD; Node sends
 * the headers of the GET answer and drops the body).
 */
function leitura(metodo: string): boolean {
  return metodo === 'GET' || metodo === 'HEAD';
}

function ehDaApi(caminho: string): boolean {
  return API_PREFIXES.some((p) => caminho.startsWith(p));
}

/**
 * The route the router matched (its pattern), or for a 404 the decoded path: never the raw URL,
 * which a client can spell differently (`/%61pi/config` reaches `/api/config`).
 */
function caminhoRoteado(req: { url: string; routeOptions: { url?: string | undefined } }): string {
  if (req.routeOptions.url) return req.routeOptions.url;
  const cru = req.url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(cru);
  } catch {
    return cru;
  }
}

/**
 * The CSP sources of the built pages' inline scripts: login.html's form (ADR 0011) and index.html's
 * map preview loader (ADR 0023); none without a build.
 */
function scriptsDasPaginas(dist: string): string[] {
  return ['login.html', 'index.html'].flatMap((nome) => {
    const arquivo = path.join(dist, nome);
    return existsSync(arquivo) ? hashesDeScripts(readFileSync(arquivo, 'utf8')) : [];
  });
}

/** Registers plugins, routes and background tasks; never listens (main.ts does). */
export async function buildApp(opts: BuildAppOptions): Promise<AppInstance> {
  const { config, database } = opts;
  const recaptcha =
    config.captcha.provider === 'recaptcha' ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const webDist = config.webDist ?? defaultWebDist;
  // Computed once (docs/adr/0005-cabecalhos-pre-calculados.md), with the hashes of the pages' inline
  // scripts (docs/adr/0011-login-funcional-no-html.md, 0023-previa-do-mapa.md).
  const cabecalhos = securityHeaders(recaptcha, scriptsDasPaginas(webDist), config.map.tileUrl);
  const app = Fastify({
    logger: opcoesDeLog(config.logLevel, opts.logger),
    trustProxy: confiancaNoProxy(config.trustProxy),
    bodyLimit: 1_048_576,
    // A request must arrive whole within requestTimeout (a body trickled a byte at a time is cut
    // with a 408), and a connection silent for connectionTimeout is closed. Node reads the request
    // deadline when it creates the server, so it goes in `http` too (setting it later is ignored).
    requestTimeout: config.http.requestTimeoutMs,
    connectionTimeout: config.http.connectionTimeoutMs,
    http: {
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(config.http.requestTimeoutMs / 4)),
    },
    frameworkErrors: frameworkErrors(cabecalhos),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializadorZod);

  // Shared infrastructure first (fastify-plugin: visible to every module), then the adapters
  // and the modules, each an encapsulated plugin.
  await app.register(corePlugin, { config, database });
  await app.register(securityHeadersPlugin, { headers: cabecalhos });
  // Before every route: its hook joins each route registered after it (the web build's files too).
  await app.register(compressionPlugin);
  await app.register(rateLimit, {
    max: config.limits.global,
    timeWindow: '1 minute',
    // The web app's files and pages are not counted: one visit loads dozens of them, and many
    // people share one address (mobile carriers' NAT, offices). The API keeps the per-IP limit.
    allowList: (req) => leitura(req.method) && !ehDaApi(caminhoRoteado(req)),
    errorResponseBuilder: (_req, c) => ({ statusCode: 429, status: 429, message: MSG.muitasTentativas, ttl: c.ttl }),
    // The x-ratelimit-* headers only on a 429 (with retry-after): no client of ours reads them
    // on the answers that went through, and each is one more header on every response.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Rastro API', description: 'API da plataforma Rastro de rastreadores GPS para pets.', version: config.version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' }, cliente: { type: 'http', scheme: 'basic' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(metricsPlugin);
  await app.register(authPlugin, { sessoes: fonteDeSessoes(database.db) });
  await app.register(captchaPlugin);
  await app.register(emailPlugin);
  await app.register(aoVivoPlugin);
  for (const { plugin } of MODULOS) await app.register(plugin);
  // Closed in the reverse order: the gateway first (its last positions may still notify), then the tasks.
  for (const tarefa of TAREFAS_DE_FUNDO) await app.register(tarefa);
  if (opts.gateway) await app.register(gatewayTopin);

  await registerWeb(app, webDist, config.env === 'production');

  return app;
}

/** The login route's page, drawn in its HTML before any script runs (apps/web/vite.config.ts). */
const ROTA_LOGIN = '/auth/login';
/** `/p/<token>`: the public page of a share link. */
const ROTA_PUBLICA = /^\/p\/[^/]+\/?$/;

/**
 * A bundler output under assets/ carries the hash of its content in its name (Vite's
 * `[name]-[hash]`, 8 characters): a new build is a new name, so a browser keeps it a year without
 * asking. Everything else — the pages, sw.js, the manifest, the icons — keeps its name across builds
 * and is asked again each time (`no-cache`: a 304 by its ETag when unchanged), so a deploy shows at
 * the next visit (docs/OPERATIONS.md §1).
 */
const HASHEADO = /^assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+(\.(br|gz))?$/;

function cacheControlDoArquivo(relativo: string): string {
  return HASHEADO.test(relativo.split(path.sep).join('/')) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The built SPA at `/`, with index.html for every client-side route; JSON 404 for the rest. */
async function registerWeb(app: AppInstance, dist: string, producao: boolean) {
  const temWeb = existsSync(path.join(dist, 'index.html'));
  const temLogin = existsSync(path.join(dist, 'login.html'));
  // A share link's page (issue #19): its own small build, not the app.
  const temPublico = existsSync(path.join(dist, 'publico.html'));
  // preCompressed: the build writes .br/.gz next to its JS, CSS and HTML (apps/web/vite.config.ts).
  // Source maps (built hidden: the bundles do not point at them) are for developers, not served in production.
  const servir = producao ? (caminho: string) => !caminho.endsWith('.map') : undefined;
  if (temWeb)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      // Decided per file by cacheControlDoArquivo (setHeaders also runs for the pages sent below).
      cacheControl: false,
      setHeaders: (reply, arquivo) => void reply.header('cache-control', cacheControlDoArquivo(path.relative(dist, arquivo))),
      preCompressed: true,
      ...(servir ? { allowedPath: servir } : {}),
    });
  app.setNotFoundHandler((req, reply) => {
    const url = caminhoRoteado(req);
    const rotaDoSpa = leitura(req.method) && !ehDaApi(url) && path.extname(url) === '';
    if (!temWeb || !rotaDoSpa) return reply.code(404).send({ status: 404, message: MSG.naoEncontrado });
    if (temPublico && ROTA_PUBLICA.test(url)) {
      // The token is in the address: no search engine keeps it.
      void reply.header('x-robots-tag', 'noindex');
      return reply.sendFile('publico.html');
    }
    return reply.sendFile(temLogin && url === ROTA_LOGIN ? 'login.html' : 'index.html');
  });
}
