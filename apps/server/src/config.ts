import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { faixasDeIp } from './lib/faixas';

/**
 * Every environment variable the server reads, validated once. Documented in README.md;
 * nothing else in the server reads process.env.
 */
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());

/** Comma-separated addresses and CIDR ranges, each one checked (lib/faixas.ts); [] when empty. */
function faixasDaLista(v: string, ctx: z.RefinementCtx, exemplo: string): string[] | typeof z.NEVER {
  const faixas = v
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  try {
    faixasDeIp(faixas);
    return faixas;
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `${(err as Error).message} (${exemplo})` });
    return z.NEVER;
  }
}

/**
 * Which proxies may tell the client's address (X-Forwarded-For): none (`false`), how many hops in
 * front of the server (`1`), or the proxies' own addresses and ranges (`10.0.0.0/8,::1`). `true`
 * would believe any client's header, so it is refused.
 */
const trustProxy = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      if (v === undefined || v === 'false' || v === '0') return false;
      if (/^\d+$/.test(v)) return Number(v);
      const exemplo =
        'use o número de proxies à frente do servidor (ex.: 1) ou os endereços e faixas deles (ex.: 10.0.0.0/8); true confiaria em qualquer cliente';
      if (v === 'true') {
        ctx.addIssue({ code: 'custom', message: exemplo });
        return z.NEVER;
      }
      return faixasDaLista(v, ctx, exemplo);
    }),
);

/** Comma-separated addresses and CIDR ranges; empty means no restriction. */
const faixasOpcionais = z.preprocess(
  emptyAsUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx): string[] | undefined => {
      if (v === undefined) return undefined;
      const faixas = faixasDaLista(v, ctx, 'use endereços e faixas CIDR separados por vírgula, ex.: 10.0.0.0/8,100.64.0.0/10');
      return faixas.length ? faixas : undefined;
    }),
);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  TOPIN_PORT: z.coerce.number().int().min(0).max(65535).default(5199),
  ROLE: z.enum(['all', 'api', 'gateway']).default('all'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  DATABASE_URL_LEITURA: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^postgres(ql)?$/, error: 'use a URL postgres:// de uma réplica, ex.: postgres://rastro:senha@replica:5432/rastro' })
      .optional(),
  ),
  REPLICA_ATRASO_MAX_SEGUNDOS: z.coerce
    .number({ error: 'use um número de segundos, ex.: 5' })
    .min(0, 'use 0 ou mais segundos')
    .max(3600, 'use no máximo 3600 segundos')
    .default(5),
  REPLICA_LEITURA_CAUSAL: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() === 'true' : v), z.boolean().default(false)),
  APP_URL: optionalString,
  APP_TIMEZONE: z.string().default('America/Sao_Paulo'),
  APP_VERSION: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  TRUST_PROXY: trustProxy,
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'use pelo menos 16 caracteres').optional()),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  HTTP_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),

  ADMIN_EMAIL: z.email().default('admin@rastro.local'),
  ADMIN_PASSWORD: optionalString,

  OAUTH_CLIENT_ID: z.string().min(1).default('rastro-web'),
  OAUTH_CLIENT_SECRET: z.string().min(1).default('rastro-web-secret'),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(365),

  CAPTCHA_PROVIDER: z.enum(['altcha', 'recaptcha']).default('altcha'),
  CAPTCHA_SECRET: optionalString,
  CAPTCHA_COST: z.coerce.number().int().min(1).default(1),
  CAPTCHA_COUNTER_MIN: z.coerce.number().int().min(1).default(15_000),
  CAPTCHA_COUNTER_MAX: z.coerce.number().int().min(1).default(30_000),
  CAPTCHA_EXPIRES_SECONDS: z.coerce.number().int().min(10).default(600),
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_SECRET_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),

  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Rastro <nao-responda@rastro.local>'),
  MAIL_POLL_MS: z.coerce.number().int().min(50).default(5000),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(25),
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),

  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  LOGIN_LIMIT_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_LIMIT_EMAIL: z.coerce.number().int().min(1).default(10),
  RESET_LIMIT_IP: z.coerce.number().int().min(1).default(10),
  RESET_LIMIT_EMAIL: z.coerce.number().int().min(1).default(3),
  SIGNUP_LIMIT_IP: z.coerce.number().int().min(1).default(10),
  SIGNUP_LIMIT_EMAIL: z.coerce.number().int().min(1).default(3),
  LIMIT_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  VINCULO_LIMIT_USUARIO: z.coerce.number().int().min(1).default(10),
  PUBLICO_LIMIT_IP: z.coerce.number().int().min(1).default(60),
  MODO_PERDIDO_VIGIA_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  MODO_PERDIDO_LOCALIZAR_SEGUNDOS: z.coerce.number().int().min(1).max(3600).default(20),
  RETENCAO_DIAS_GPS: z.coerce.number().int().min(31).default(400),
  RETENCAO_DIAS_WIFI_LBS: z.coerce.number().int().min(31).default(90),
  RETENCAO_DIAS_BATERIA: z.coerce.number().int().min(31).default(400),

  MAP_TILE_URL: z.string().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_ATTRIBUTION: z.string().default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  VIACEP_URL: z.url().default('https://viacep.com.br/ws'),
  TOPIN_IDLE_SECONDS: z.coerce.number().int().min(5).default(900),
  TOPIN_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).default(500),
  TOPIN_MAX_BUFFER: z.coerce.number().int().min(256).default(4096),
  TOPIN_LOGIN_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  TOPIN_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(50_000),
  TOPIN_CIDRS_PERMITIDOS: faixasOpcionais,
  GEOLOCATION_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString,
  PUSH_PERMITIR_HTTP: z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() === 'true' : v), z.boolean().default(false)),
  PUSH_POLL_MS: z.coerce.number().int().min(50).default(5000),
  PUSH_MAX_TENTATIVAS: z.coerce.number().int().min(1).default(12),
  PUSH_ESPERA_BASE_MS: z.coerce.number().int().min(10).default(2000),
  PUSH_TTL_SEGUNDOS: z.coerce.number().int().min(0).max(2_419_200).default(86_400),
  ZONAS_CONFIRMACOES: z.coerce.number().int().min(1).max(10).default(2),
  ZONAS_MARGEM_METROS: z.coerce.number().min(0).max(10_000).default(50),
  ZONAS_PRECISAO_GPS_METROS: z.coerce.number().min(0).max(1000).default(20),
  ZONAS_ATRASO_MINUTOS: z.coerce.number().int().min(1).max(1440).default(15),
  ALERTAS_JANELA_SEGUNDOS: z.coerce.number().int().min(1).max(86_400).default(60),
  GEOLOCATION_KEY: optionalString,
  PIX_CHAVE: z.preprocess(emptyAsUndefined, z.string().trim().max(77).optional()),
  PIX_RECEBEDOR_NOME: optionalString,
  PIX_RECEBEDOR_CIDADE: optionalString,
  /** PSP mode: the API Pix base URL (https), OAuth client credentials, the client certificate and key (files). */
  PIX_API_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  PIX_CLIENT_ID: optionalString,
  PIX_CLIENT_SECRET: optionalString,
  PIX_CERT_FILE: optionalString,
  PIX_KEY_FILE: optionalString,
  /** The CA that signed the PSP's server certificate, when it is not a public one. */
  PIX_CA_FILE: optionalString,
  /** The public URL registered as the webhook; its last path segment is PIX_WEBHOOK_SEGREDO. */
  PIX_WEBHOOK_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  PIX_WEBHOOK_SEGREDO: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,128}$/)
      .optional(),
  ),
  /**
   * The webhook's own HTTPS listener (mutual TLS, as the API Pix expects) for a server the PSP
   * reaches directly: its port, its certificate and key, and the CA of the PSP's client certificates.
   */
  PIX_WEBHOOK_PORTA: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  PIX_WEBHOOK_CERT_FILE: optionalString,
  PIX_WEBHOOK_KEY_FILE: optionalString,
  PIX_WEBHOOK_CA_FILE: optionalString,
  /** How long a registered charge waits for its webhook before the reconciliation asks the PSP. */
  PIX_CONCILIACAO_MINUTOS: z.coerce.number().int().min(1).max(1440).default(10),
  /** Webhook callbacks a minute from one address (a burst of payments fits; a flood does not). */
  PIX_WEBHOOK_LIMITE_MINUTO: z.coerce.number().int().min(1).max(1_000_000).default(6000),
  /**
   * Pix Automático (PSP mode): the receiver's account the recurring charges credit (API Pix
   * `/cobr` `recebedor`). With PIX_RECEBEDOR_CONTA set the owners may choose it.
   */
  PIX_RECEBEDOR_CONTA: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  ),
  PIX_RECEBEDOR_AGENCIA: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{1,4}$/)
      .optional(),
  ),
  PIX_RECEBEDOR_TIPO_CONTA: z.enum(['CORRENTE', 'POUPANCA', 'PAGAMENTO']).default('CORRENTE'),
  PAGAMENTOS_ANTECEDENCIA_DIAS: z.coerce.number().int().min(1).max(60).default(10),
  PAGAMENTOS_RONDA_MS: z.coerce.number().int().min(100).max(86_400_000).default(600_000),
});

export type Env = z.input<typeof envSchema>;

/** Whether `s` is base64url (no padding) for exactly `bytes` bytes. */
const base64urlDe = (s: string, bytes: number) => /^[A-Za-z0-9_-]+$/.test(s) && Buffer.from(s, 'base64url').length === bytes;

/** The PSP mode's settings, checked together; the certificate files are read now (a wrong path stops the start). */
function lerPsp(e: z.output<typeof envSchema>) {
  const faltam = (
    [
      ['PIX_CHAVE', e.PIX_CHAVE],
      ['PIX_CLIENT_ID', e.PIX_CLIENT_ID],
      ['PIX_CLIENT_SECRET', e.PIX_CLIENT_SECRET],
      ['PIX_CERT_FILE', e.PIX_CERT_FILE],
      ['PIX_KEY_FILE', e.PIX_KEY_FILE],
      ['PIX_WEBHOOK_URL', e.PIX_WEBHOOK_URL],
      ['PIX_WEBHOOK_SEGREDO', e.PIX_WEBHOOK_SEGREDO],
    ] as const
  )
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (faltam.length) throw new Error(`Configuração inválida: PIX_API_URL exige ${faltam.join(', ')}.`);
  const faltamTls = (
    [
      ['PIX_WEBHOOK_CERT_FILE', e.PIX_WEBHOOK_CERT_FILE],
      ['PIX_WEBHOOK_KEY_FILE', e.PIX_WEBHOOK_KEY_FILE],
      ['PIX_WEBHOOK_CA_FILE', e.PIX_WEBHOOK_CA_FILE],
    ] as const
  )
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (e.PIX_WEBHOOK_PORTA !== undefined && faltamTls.length)
    throw new Error(`Configuração inválida: PIX_WEBHOOK_PORTA exige ${faltamTls.join(', ')}.`);
  const ler = (nome: string, arquivo: string) => {
    try {
      return readFileSync(arquivo, 'utf8');
    } catch {
      throw new Error(`Configuração inválida: não foi possível ler ${nome} (${arquivo}).`);
    }
  };
  return {
    url: (e.PIX_API_URL ?? '').replace(/\/$/, ''),
    clientId: e.PIX_CLIENT_ID ?? '',
    clientSecret: e.PIX_CLIENT_SECRET ?? '',
    cert: ler('PIX_CERT_FILE', e.PIX_CERT_FILE ?? ''),
    key: ler('PIX_KEY_FILE', e.PIX_KEY_FILE ?? ''),
    ca: e.PIX_CA_FILE ? ler('PIX_CA_FILE', e.PIX_CA_FILE) : undefined,
    webhookUrl: e.PIX_WEBHOOK_URL ?? '',
    segredo: e.PIX_WEBHOOK_SEGREDO ?? '',
    conciliacaoMs: e.PIX_CONCILIACAO_MINUTOS * 60_000,
    limitePorMinuto: e.PIX_WEBHOOK_LIMITE_MINUTO,
    webhookTls:
      e.PIX_WEBHOOK_PORTA === undefined
        ? undefined
        : {
            porta: e.PIX_WEBHOOK_PORTA,
            cert: ler('PIX_WEBHOOK_CERT_FILE', e.PIX_WEBHOOK_CERT_FILE ?? ''),
            key: ler('PIX_WEBHOOK_KEY_FILE', e.PIX_WEBHOOK_KEY_FILE ?? ''),
            ca: ler('PIX_WEBHOOK_CA_FILE', e.PIX_WEBHOOK_CA_FILE ?? ''),
          },
    contaRecebedor: e.PIX_RECEBEDOR_CONTA
      ? {
          conta: e.PIX_RECEBEDOR_CONTA,
          tipoConta: e.PIX_RECEBEDOR_TIPO_CONTA,
          ...(e.PIX_RECEBEDOR_AGENCIA ? { agencia: e.PIX_RECEBEDOR_AGENCIA } : {}),
        }
      : undefined,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.CAPTCHA_PROVIDER === 'recaptcha' && (!e.RECAPTCHA_SITE_KEY || !e.RECAPTCHA_SECRET_KEY)) {
    throw new Error('Configuração inválida: CAPTCHA_PROVIDER=recaptcha exige RECAPTCHA_SITE_KEY e RECAPTCHA_SECRET_KEY.');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error('Configuração inválida: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas (as duas ou nenhuma).');
  }
  // RFC 8292: an uncompressed P-256 point (65 bytes) and its 32-byte private key, base64url.
  if (e.VAPID_PUBLIC_KEY && (!base64urlDe(e.VAPID_PUBLIC_KEY, 65) || !base64urlDe(e.VAPID_PRIVATE_KEY ?? '', 32))) {
    throw new Error('Configuração inválida: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY devem ser chaves P-256 em base64url (65 e 32 bytes).');
  }
  if (e.PIX_CHAVE && (!e.PIX_RECEBEDOR_NOME?.trim() || !e.PIX_RECEBEDOR_CIDADE?.trim())) {
    throw new Error(
      'Configuração inválida: PIX_CHAVE exige PIX_RECEBEDOR_NOME e PIX_RECEBEDOR_CIDADE (o nome e a cidade que o código Pix mostra).',
    );
  }
  const psp = e.PIX_API_URL ? lerPsp(e) : undefined;
  return {
    env: e.NODE_ENV,
    /** Bearer token of /metrics; without it /metrics is open in development and test, absent in production. */
    metricsToken: e.METRICS_TOKEN,
    host: e.HOST,
    port: e.PORT,
    topinPort: e.TOPIN_PORT,
    role: e.ROLE,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    databaseStatementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
    /** Streaming replica for heavy reads that tolerate lag (db/leitura.ts); ignored on PGlite. */
    replica: { url: e.DATABASE_URL_LEITURA, atrasoMaxSegundos: e.REPLICA_ATRASO_MAX_SEGUNDOS, causal: e.REPLICA_LEITURA_CAUSAL },
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    timezone: e.APP_TIMEZONE,
    version: e.APP_VERSION ?? '0.1.0',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    trustProxy: e.TRUST_PROXY,
    http: { requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_SECONDS * 1000, connectionTimeoutMs: e.HTTP_CONNECTION_TIMEOUT_SECONDS * 1000 },
    admin: { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD },
    oauth: { clientId: e.OAUTH_CLIENT_ID, clientSecret: e.OAUTH_CLIENT_SECRET, tokenTtlDays: e.TOKEN_TTL_DAYS },
    captcha: {
      provider: e.CAPTCHA_PROVIDER,
      secret: e.CAPTCHA_SECRET,
      cost: e.CAPTCHA_COST,
      counterMin: Math.min(e.CAPTCHA_COUNTER_MIN, e.CAPTCHA_COUNTER_MAX),
      counterMax: Math.max(e.CAPTCHA_COUNTER_MIN, e.CAPTCHA_COUNTER_MAX),
      expiresSeconds: e.CAPTCHA_EXPIRES_SECONDS,
      recaptchaSiteKey: e.RECAPTCHA_SITE_KEY,
      recaptchaSecretKey: e.RECAPTCHA_SECRET_KEY,
      recaptchaVerifyUrl: e.RECAPTCHA_VERIFY_URL,
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      pollMs: e.MAIL_POLL_MS,
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
      retryBaseMs: e.MAIL_RETRY_BASE_MS,
      outboxDir: path.join(dataDir, 'outbox'),
    },
    limits: {
      global: e.RATE_LIMIT_MAX,
      loginIp: e.LOGIN_LIMIT_IP,
      loginEmail: e.LOGIN_LIMIT_EMAIL,
      resetIp: e.RESET_LIMIT_IP,
      resetEmail: e.RESET_LIMIT_EMAIL,
      signupIp: e.SIGNUP_LIMIT_IP,
      signupEmail: e.SIGNUP_LIMIT_EMAIL,
      windowMs: e.LIMIT_WINDOW_MINUTES * 60_000,
      vinculoUsuario: e.VINCULO_LIMIT_USUARIO,
      publicoIp: e.PUBLICO_LIMIT_IP,
    },
    modoPerdido: { intervaloMs: e.MODO_PERDIDO_VIGIA_MS, localizarACadaSegundos: e.MODO_PERDIDO_LOCALIZAR_SEGUNDOS },
    /** Days of history kept per kind (docs/adr/0016-particoes-e-retencao.md): whole monthly partitions are dropped past them. */
    retencao: { gpsDias: e.RETENCAO_DIAS_GPS, varredurasDias: e.RETENCAO_DIAS_WIFI_LBS, bateriasDias: e.RETENCAO_DIAS_BATERIA },
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_ATTRIBUTION },
    viaCepUrl: e.VIACEP_URL.replace(/\/+$/, ''),
    gateway: {
      idleMs: e.TOPIN_IDLE_SECONDS * 1000,
      maxConexoesPorIp: e.TOPIN_MAX_CONNECTIONS_PER_IP,
      maxBuffer: e.TOPIN_MAX_BUFFER,
      loginMs: e.TOPIN_LOGIN_SECONDS * 1000,
      maxConexoes: e.TOPIN_MAX_CONNECTIONS,
      cidrsPermitidos: e.TOPIN_CIDRS_PERMITIDOS,
      zonas: {
        confirmacoes: e.ZONAS_CONFIRMACOES,
        margemMetros: e.ZONAS_MARGEM_METROS,
        precisaoGpsMetros: e.ZONAS_PRECISAO_GPS_METROS,
        atrasoMaximoMs: e.ZONAS_ATRASO_MINUTOS * 60_000,
        intervaloMinimoMs: e.ALERTAS_JANELA_SEGUNDOS * 1000,
        timezone: e.APP_TIMEZONE,
      },
      /** Repeats of a device alarm within the window count into its notification (docs/adr/0017). */
      alarmes: { janelaMs: e.ALERTAS_JANELA_SEGUNDOS * 1000 },
    },
    geolocation: { url: e.GEOLOCATION_URL, key: e.GEOLOCATION_KEY },
    /**
     * Subscriptions and Pix (issue #35): off without a receiver; with only a Pix key, static codes
     * the administrator settles by hand. Charges are created `antecedenciaDias` before they fall due.
     */
    pagamentos: {
      pix: e.PIX_CHAVE ? { chave: e.PIX_CHAVE, nome: e.PIX_RECEBEDOR_NOME ?? '', cidade: e.PIX_RECEBEDOR_CIDADE ?? '' } : undefined,
      /** With a PSP: charges go to it, its webhook settles them, the reconciliation asks for what it missed. */
      psp,
      antecedenciaDias: e.PAGAMENTOS_ANTECEDENCIA_DIAS,
      rondaMs: e.PAGAMENTOS_RONDA_MS,
    },
    push: {
      vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
      /** RFC 8292 `sub`: who runs this server. */
      subject: e.VAPID_SUBJECT ?? `mailto:${e.ADMIN_EMAIL.toLowerCase()}`,
      /** Tests only: endpoints may be http:// and private (loopback receivers). */
      permitirHttp: e.PUSH_PERMITIR_HTTP,
      pollMs: e.PUSH_POLL_MS,
      maxTentativas: e.PUSH_MAX_TENTATIVAS,
      esperaBaseMs: e.PUSH_ESPERA_BASE_MS,
      ttlSegundos: e.PUSH_TTL_SEGUNDOS,
    },
  };
}

export type Config = ReturnType<typeof loadConfig>;
