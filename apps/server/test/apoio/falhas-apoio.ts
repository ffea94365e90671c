import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeGps, encodeLogin } from '@rastro/topin/device-to-server/encode';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { basicCliente } from './helpers';
import { ADMIN, TEST_ENV } from './test-env';

/**
 * Support for the fault tests: the real server as a child process, a throwaway PostgreSQL
 * cluster, and TOPIN devices that stream fixes and keep every acknowledgement they receive.
 */

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const main = path.join(raiz, 'apps/server/src/main.ts');

export const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `f` until it returns something other than undefined, or throws after `ms`. */
export async function ate<T>(o_que: string, f: () => Promise<T | undefined> | T | undefined, ms = 30_000, passo = 100): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error(`tempo esgotado esperando: ${o_que}`);
    await pausa(passo);
  }
}

const tcpAceita = (porta: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(porta, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

export const saude = (url: string) =>
  fetch(`${url}/health`, { signal: AbortSignal.timeout(10_000) }).then(
    async (r) => ({ status: r.status, corpo: (await r.json()) as unknown }),
    () => undefined,
  );

export interface ServidorFilho {
  url: string;
  porta: number;
  portaTopin: number;
  proc: ChildProcess;
  saida(): string;
  /** True while the process has not exited. */
  vivo(): boolean;
  /** SIGKILL, and waits for the exit. */
  matar(): Promise<void>;
  /** SIGTERM (graceful); resolves with the exit code. */
  parar(): Promise<number | null>;
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` on the given ports and waits until /health
 * answers 200 and the TOPIN port accepts connections. `env` overrides the test environment.
 */
export async function iniciarServidor(env: Record<string, string>, portas: { porta: number; portaTopin: number }): Promise<ServidorFilho> {
  const proc = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: raiz,
    env: {
      ...process.env,
      ...TEST_ENV,
      HOST: '127.0.0.1',
      PORT: String(portas.porta),
      TOPIN_PORT: String(portas.portaTopin),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let saida = '';
  const guardar = (c: Buffer) => {
    saida += c.toString();
    // Keep the tail only: enough to explain a failure.
    if (saida.length > 200_000) saida = saida.slice(-100_000);
  };
  proc.stdout?.on('data', guardar);
  proc.stderr?.on('data', guardar);
  const saiu = new Promise<void>((r) => proc.once('exit', () => r()));
  const vivo = () => proc.exitCode === null && proc.signalCode === null;
  const url = `http://127.0.0.1:${portas.porta}`;
  const s: ServidorFilho = {
    url,
    ...portas,
    proc,
    saida: () => saida,
    vivo,
    async matar() {
      if (vivo()) proc.kill('SIGKILL');
      await saiu;
    },
    async parar() {
      if (vivo()) proc.kill('SIGTERM');
      await saiu;
      return proc.exitCode;
    },
  };
  try {
    await ate(
      'o servidor subir',
      async () => {
        if (!vivo()) throw new Error(`o servidor saiu (${proc.exitCode ?? proc.signalCode}): ${saida}`);
        const h = await saude(url);
        return h?.status === 200 && (await tcpAceita(portas.portaTopin)) ? true : undefined;
      },
      90_000,
      200,
    );
  } catch (err) {
    await s.matar();
    throw new Error(`${err instanceof Error ? err.message : String(err)}\n${saida}`, { cause: err });
  }
  return s;
}

/** Logs the administrator in over HTTP, solving the real captcha; returns the auth header. */
export async function entrarHttp(url: string, email = ADMIN.email, senha = ADMIN.senha): Promise<Record<string, string>> {
  const challenge = (await (await fetch(`${url}/api/captcha/desafio`)).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  const form = new URLSearchParams({
    grant_type: 'password',
    username: email,
    password: senha,
    'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  });
  const r = await fetch(`${url}/oauth/token`, { method: 'POST', body: form, headers: { authorization: basicCliente() } });
  if (r.status !== 200) throw new Error(`login falhou: ${r.status} ${await r.text()}`);
  const { access_token } = (await r.json()) as { access_token: string };
  return { authorization: `Bearer ${access_token}` };
}

/** JSON over HTTP; `corpo` is undefined when the answer is not JSON. */
export async function api<T = unknown>(url: string, metodo: string, caminho: string, h: Record<string, string>, corpo?: unknown) {
  const r = await fetch(`${url}${caminho}`, {
    method: metodo,
    headers: { ...h, ...(corpo === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
    signal: AbortSignal.timeout(20_000),
  });
  const texto = await r.text();
  let json: T | undefined;
  try {
    json = JSON.parse(texto) as T;
  } catch {
    json = undefined;
  }
  return { status: r.status, json, texto };
}

let chipSeq = 0;
/** Registers a TOPIN tracker (with its own chip) through the admin API; returns its id. */
export async function registrarPorHttp(url: string, h: Record<string, string>, imei: string): Promise<number> {
  chipSeq += 1;
  const numero = `119${String(process.pid % 100_000).padStart(5, '0')}${String(chipSeq).padStart(3, '0')}`;
  const chip = await api<{ id: number }>(url, 'POST', '/api/chips', h, { descricao: `CHIP ${imei}`, numero });
  if (chip.status !== 201 || !chip.json) throw new Error(`chip: ${chip.status} ${chip.texto}`);
  const r = await api<{ id: number }>(url, 'POST', '/api/rastreadores', h, { imei, protocolo: 'TOPIN', chipId: chip.json.id });
  if (r.status !== 201 || !r.json) throw new Error(`rastreador: ${r.status} ${r.texto}`);
  return r.json.id;
}

/** Every GPS row of a tracker, read page by page through GET /api/localizacoes (times in ms). */
export async function horariosGps(url: string, h: Record<string, string>, rastreadorId: number): Promise<number[]> {
  const horarios: number[] = [];
  for (let page = 0; ; page++) {
    const r = await api<{ content: { dataHora: string }[]; last: boolean }>(
      url,
      'GET',
      `/api/localizacoes?rastreadorId=${rastreadorId}&tipoLocalizacao=GPS&size=100&page=${page}&orderBy=dataHora&orderDirection=asc`,
      h,
    );
    if (r.status !== 200 || !r.json) throw new Error(`localizacoes: ${r.status} ${r.texto}`);
    horarios.push(...r.json.content.map((l) => new Date(l.dataHora).getTime()));
    if (r.json.last) return horarios;
  }
}

/**
 * A tracker on TCP that streams GPS fixes with at most `janela` unacknowledged at a time, and
 * records the time of every fix the server acknowledged (a 0x10 ack echoes the fix's time).
 */
export class DispositivoEmFluxo {
  readonly confirmados = new Set<number>();
  readonly enviados = new Set<number>();
  private socket: Socket | undefined;
  private recebido = Buffer.alloc(0);
  private lidos = 0;
  private proximo = 1;
  /** Sent on the current connection and not acknowledged yet (a dead connection's are given up). */
  private emVoo = new Set<number>();
  private transmitindo = false;
  logado = false;
  fechado = false;

  constructor(
    readonly imei: string,
    /** Time of the first fix; fix k is `inicio + k` seconds. */
    private readonly inicio: number,
    private readonly janela = 8,
  ) {}

  async conectar(porta: number) {
    this.fechado = false;
    this.logado = false;
    this.recebido = Buffer.alloc(0);
    this.lidos = 0;
    this.emVoo = new Set();
    const s = connect(porta, '127.0.0.1');
    this.socket = s;
    await new Promise<void>((resolve, reject) => {
      s.once('connect', () => resolve());
      s.once('error', reject);
    });
    s.on('error', () => undefined);
    s.on('close', () => (this.fechado = true));
    s.on('data', (c: Buffer) => this.receber(c));
    s.write(encodeLogin(this.imei, 1));
    await ate(
      `login de ${this.imei}`,
      () => (this.logado ? true : this.fechado ? Promise.reject(new Error('conexão fechada no login')) : undefined),
      20_000,
      20,
    );
  }

  /** Starts sending fixes; each ack lets another one go. */
  transmitir() {
    this.transmitindo = true;
    this.encher();
  }

  pararDeTransmitir() {
    this.transmitindo = false;
  }

  /** Sends one fix now (outside the stream) and resolves with its time once acknowledged. */
  async enviarUm(ms = 20_000): Promise<number> {
    const t = this.enviarFix();
    await ate(`ack do fix ${new Date(t).toISOString()} de ${this.imei}`, () => (this.confirmados.has(t) ? true : undefined), ms, 20);
    return t;
  }

  /** True when the server sent these bytes on the current connection. */
  recebeu(bytes: Uint8Array) {
    return this.recebido.includes(Buffer.from(bytes));
  }

  fim() {
    this.transmitindo = false;
    this.socket?.destroy();
  }

  private enviarFix(): number {
    const t = this.inicio + this.proximo * 1000;
    this.proximo++;
    this.enviados.add(t);
    this.emVoo.add(t);
    const k = this.proximo;
    this.socket?.write(
      encodeGps({
        type: 0x10,
        time: new Date(t),
        latitude: -23.5 - (k % 1000) / 10_000,
        longitude: -46.6 - (k % 1000) / 10_000,
        speedKmh: k % 60,
        course: k % 360,
        satellites: 8,
        valid: true,
        buffered: false,
      }),
    );
    return t;
  }

  private encher() {
    if (!this.transmitindo || this.fechado || !this.socket) return;
    while (this.emVoo.size < this.janela) this.enviarFix();
  }

  private receber(c: Buffer) {
    this.recebido = Buffer.concat([this.recebido, c]);
    const b = this.recebido;
    if (!this.logado && b.includes(Buffer.from('787801010d0a', 'hex'))) this.logado = true;
    let i = this.lidos;
    // A GPS ack: 78 78 LEN 10 YY MM DD hh mm ss 0D 0A (LEN echoes the device's).
    for (; i + 12 <= b.length; i++) {
      if (b[i] === 0x78 && b[i + 1] === 0x78 && b[i + 3] === 0x10 && b[i + 10] === 0x0d && b[i + 11] === 0x0a) {
        const t = Date.UTC(2000 + (b[i + 4] ?? 0), (b[i + 5] ?? 1) - 1, b[i + 6], b[i + 7], b[i + 8], b[i + 9]);
        this.confirmados.add(t);
        this.emVoo.delete(t);
        i += 11;
      }
    }
    this.lidos = i;
    if (this.transmitindo) this.encher();
  }

  /** Fixes sent and never acknowledged. */
  get semConfirmacao() {
    return [...this.enviados].filter((t) => !this.confirmados.has(t));
  }
}

/* ------------------------------ throwaway PostgreSQL ------------------------------ */

/** The bin directory of the newest installed PostgreSQL server, if any. */
export function binPostgres(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versoes = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin/initdb')) && existsSync(path.join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versoes.at(-1);
  if (!v) return undefined;
  // pg-temp.sh runs the server as "postgres" when we are root: that user must exist.
  if (process.getuid?.() === 0 && spawnSync('id', ['postgres']).status !== 0) return undefined;
  return path.join(base, v, 'bin');
}

export interface Cluster {
  dir: string;
  porta: number;
  /** URL of its `postgres` database. */
  url: string;
}

/** Starts a cluster with scripts/pg-temp.sh on `porta`. */
export function iniciarCluster(porta: number): Cluster {
  const r = spawnSync('bash', [path.join(raiz, 'scripts/pg-temp.sh')], {
    env: { ...process.env, PGPORT: String(porta) },
    encoding: 'utf8',
    timeout: 120_000,
  });
  const dir = /^PGDIR=(.+)$/m.exec(r.stdout)?.[1];
  const url = /^DATABASE_URL=(.+)$/m.exec(r.stdout)?.[1];
  if (r.status !== 0 || !dir || !url) throw new Error(`pg-temp.sh falhou: ${r.stdout}${r.stderr}`);
  return { dir, porta, url };
}

/** pg_ctl as the cluster's owner (postgres when we are root), waiting for it to finish. */
function pgCtl(bin: string, args: string[]) {
  const cmd = path.join(bin, 'pg_ctl');
  const [exe, argv] = process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  // stdio ignored: the postmaster started by pg_ctl must not hold our pipes open.
  const r = spawnSync(exe, argv, { stdio: 'ignore', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} falhou (${r.status})`);
}

/** Stops the cluster's server (fast: open sessions are terminated), keeping its data. */
export function pararPostgres(c: Cluster) {
  const bin = binPostgres();
  if (!bin) throw new Error('PostgreSQL ausente');
  pgCtl(bin, ['-D', c.dir, '-m', 'fast', '-w', 'stop']);
}

/** Starts it again on the same data and port, with pg-temp.sh's options. */
export function religarPostgres(c: Cluster) {
  const bin = binPostgres();
  if (!bin) throw new Error('PostgreSQL ausente');
  pgCtl(bin, [
    '-D',
    c.dir,
    '-l',
    path.join(c.dir, 'server.log'),
    '-w',
    '-o',
    `-p ${c.porta} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ]);
}

/** Stops the cluster and deletes its directory (only ever one this process started). */
export function apagarCluster(c: Cluster | undefined) {
  if (!c) return;
  spawnSync('bash', [path.join(raiz, 'scripts/pg-temp.sh'), 'stop', c.dir], { stdio: 'ignore', timeout: 120_000 });
}
