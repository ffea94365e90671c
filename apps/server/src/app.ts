import { existsSync } from 'node:fs';
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
import type { Ctx } from './context';
import type { Database } from './db/client';
import { opcoesDeLog } from './lib/log';
import { RateLimiter } from './lib/rate-limiter';
import type { AppInstance } from './lib/types';
import { authRoutes } from './modules/auth/routes';
import { createCaptchaService } from './modules/captcha/service';
import { configRoutes } from './modules/config/routes';
import { EmailSender } from './modules/email/sender';
import { healthRoutes } from './modules/health/routes';
import { usuariosPublicRoutes } from './modules/usuarios/routes';
import { usuariosAdminRoutes } from './modules/usuarios/admin-routes';
import { chipsRoutes } from './modules/chips/routes';
import { rastreadoresRoutes } from './modules/rastreadores/routes';
import { meusRastreadoresRoutes } from './modules/meus-rastreadores/routes';
import { posicoesRoutes } from './modules/posicoes/routes';
import { notificacoesRoutes } from './modules/notificacoes/routes';
import { liveRoutes } from './live/routes';
import { lookupsRoutes } from './modules/lookups/routes';
import { relatoriosRoutes } from './modules/relatorios/routes';
import { createAuth } from './plugins/auth';
import { cabecalhosDeSeguranca } from './plugins/cabecalhos';
import { CacheDeSessoes, CANAL_SESSOES } from './plugins/cache-sessoes';
import { erroDoFramework, registerErrorHandler } from './plugins/error-handler';
import { registerEntradaHooks } from './plugins/entrada';
import { createMetrics, registerMetricsHooks, type Metrics } from './plugins/metrics';
import { serializadorZod } from './plugins/serializacao';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** pino options (level, stream…) or false; the config's level by default; secrets are always censored. */
  logger?: FastifyServerOptions['logger'];
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
const API_PREFIXES = ['/api/', '/oauth/', '/users/', '/docs', '/health', '/metrics'];

/** TRUST_PROXY as Fastify takes it: a hop count becomes "trust the n nearest hops". */
function confiancaNoProxy(t: false | number | string[]): boolean | string[] | ((endereco: string, salto: number) => boolean) {
  return typeof t === 'number' ? (_endereco, salto) => salto < t : t;
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

/** Registers plugins and routes; never listens (main.ts does). */
export async function buildApp(opts: BuildAppOptions): Promise<AppInstance & { ctx: Ctx; metrics: Metrics }> {
  const { config, database } = opts;
  const recaptcha =
    config.captcha.provider === 'recaptcha' ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  // The security headers, computed once; a request only copies them into its reply (Fastify
  // writes them with its own in one go when the answer leaves).
  const cabecalhos = cabecalhosDeSeguranca(recaptcha);
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
    frameworkErrors: erroDoFramework(cabecalhos),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializadorZod);

  const emails = new EmailSender(database.db, { ...config.mail }, app.log.child({ modulo: 'email' }));
  const sessoes = new CacheDeSessoes();
  const ctx: Ctx = {
    config,
    database,
    db: database.db,
    auth: createAuth(database.db, sessoes),
    captcha: await createCaptchaService(database.db, config.captcha),
    limiter: new RateLimiter(),
    emails,
  };
  const metrics = createMetrics();

  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(cabecalhos);
    done();
  });
  await app.register(rateLimit, {
    max: config.limits.global,
    timeWindow: '1 minute',
    // The web app's files and pages are not counted: one visit loads dozens of them, and many
    // people share one address (mobile carriers' NAT, offices). The API keeps the per-IP limit.
    allowList: (req) => req.method === 'GET' && !ehDaApi(caminhoRoteado(req)),
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

  registerErrorHandler(app);
  registerEntradaHooks(app);
  metrics.observarAoVivo(await liveRoutes(app, ctx));
  registerMetricsHooks(app, metrics);

  healthRoutes(app, ctx, metrics);
  configRoutes(app, ctx);
  authRoutes(app, ctx);
  usuariosPublicRoutes(app, ctx);
  usuariosAdminRoutes(app, ctx);
  chipsRoutes(app, ctx);
  rastreadoresRoutes(app, ctx);
  meusRastreadoresRoutes(app, ctx);
  posicoesRoutes(app, ctx);
  notificacoesRoutes(app, ctx);
  lookupsRoutes(app, ctx);
  relatoriosRoutes(app, ctx);

  await registerWeb(app, config.webDist ?? defaultWebDist, config.env === 'production');

  // The token cache forgets everything once a request that may have changed something is done
  // here (before its answer leaves), and whenever the database says sessions changed anywhere.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') sessoes.limpar();
    done(null, payload);
  });
  let pararDeOuvirSessoes: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    emails.start();
    pararDeOuvirSessoes = await database.listen(
      CANAL_SESSOES,
      () => sessoes.limpar(),
      () => sessoes.limpar(),
    );
  });
  app.addHook('onClose', async () => {
    await emails.stop();
    // The database may already be gone (closing after an outage): nothing left to unlisten.
    await pararDeOuvirSessoes?.().catch(() => undefined);
  });

  return Object.assign(app, { ctx, metrics });
}

/** The login route's page, drawn in its HTML before any script runs (apps/web/vite.config.ts). */
const ROTA_LOGIN = '/auth/login';

/** The built SPA at `/`, with index.html for every client-side route; JSON 404 for the rest. */
async function registerWeb(app: AppInstance, dist: string, producao: boolean) {
  const temWeb = existsSync(path.join(dist, 'index.html'));
  const temLogin = existsSync(path.join(dist, 'login.html'));
  // preCompressed: the build writes .br/.gz next to its JS, CSS and HTML (apps/web/vite.config.ts).
  // Source maps (built hidden: the bundles do not point at them) are for developers, not served in production.
  const servir = producao ? (caminho: string) => !caminho.endsWith('.map') : undefined;
  if (temWeb)
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      ...(servir ? { allowedPath: servir } : {}),
    });
  app.setNotFoundHandler((req, reply) => {
    const url = caminhoRoteado(req);
    const rotaDoSpa = req.method === 'GET' && !ehDaApi(url) && path.extname(url) === '';
    if (!temWeb || !rotaDoSpa) return reply.code(404).send({ status: 404, message: MSG.naoEncontrado });
    void reply.header('cache-control', 'no-cache');
    // cacheControl: false, or send() would replace the no-cache above with 'public, max-age=0'.
    return reply.sendFile(temLogin && url === ROTA_LOGIN ? 'login.html' : 'index.html', { cacheControl: false });
  });
}
