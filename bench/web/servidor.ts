import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import {
  chips,
  consultar,
  garantirParticoes,
  hashSenha,
  idDoNivel,
  NIVEL_CLIENTE,
  openDatabase,
  rastreadores,
  recalcularLocalizacoesAtuais,
  RETENCAO_PADRAO,
  seed,
  vinculos,
  usuarios,
} from '@rastro/server';
import type { TokenResponse } from '@rastro/shared/schemas/auth';
import { RAIZ } from '../lib/postgres-temp';
import { dormir } from '../lib/stats';

/**
 * The real server (apps/server/src/main.ts, PGlite in a temp DATA_DIR) serving our build, with
 * one owner whose trackers walked the last day: one with many positions, one with few.
 * PGlite admits one process at a time, so the data goes in before the server starts (and,
 * creating a database taking ~10 s, while the web builds).
 */
export const DONO = { nome: 'DONA BENCH', email: 'dona@bench.rastro.test', senha: 'Bench#Web2026' };
const ADMIN = { email: 'admin@bench.rastro.test', senha: 'Admin#Bench2026' };
/** Blank 1×1 PNG as the map's tiles: no request leaves the machine, none waits on a tile server. */
const TILE_VAZIO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';

export interface Rota {
  /** What the owner named it: the option to choose in the map's 'Rastreador' field. */
  descricao: string;
  pontos: number;
}

export interface Servidor {
  url: string;
  token: TokenResponse;
  parar(): Promise<void>;
}

function portaLivre(porta: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(porta, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** 8591 (HTTP) and 8592 (TOPIN) unless taken: the E2E run uses 8191/8192. */
async function escolherPortas(): Promise<number> {
  const inicio = Number(process.env.BENCH_WEB_PORT ?? 8591);
  for (let p = inicio; p < inicio + 200; p += 2) if ((await portaLivre(p)) && (await portaLivre(p + 1))) return p;
  throw new Error(`nenhuma porta livre para o servidor a partir de ${inicio}`);
}

/**
 * Each route: `pontos` GPS fixes evenly spread over the last 20 hours (inside the map's default
 * period, yesterday to now), on the same loop around a home in São Paulo, so every route
 * fits the map at the same zoom and only the number of points differs.
 */
export async function prepararDados(rotas: readonly Rota[]): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rastro-bench-web-data-'));
  const database = await openDatabase({ dataDir }).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  try {
    await database.migrate();
    await garantirParticoes(database.db, RETENCAO_PADRAO);
    await seed(database.db, { email: ADMIN.email, password: ADMIN.senha });
    const nivelId = await idDoNivel(database.db, NIVEL_CLIENTE);
    if (nivelId === undefined) throw new Error('nível Cliente ausente');
    const [dono] = await database.db
      .insert(usuarios)
      .values({ nome: DONO.nome, email: DONO.email, senhaHash: await hashSenha(DONO.senha), nivelId, telefoneCelular: '11987654321' })
      .returning({ id: usuarios.id });
    if (!dono) throw new Error('dono');
    for (const [i, r] of rotas.entries()) {
      const [chip] = await database.db
        .insert(chips)
        .values({ descricao: `CHIP BENCH ${i + 1}`, numero: `1198000000${i}` })
        .returning({ id: chips.id });
      const [rastreador] = await database.db
        .insert(rastreadores)
        .values({ imei: String(359339089000000 + i), protocolo: 'TOPIN', chipId: chip?.id ?? null, situacao: 'ATIVO', bateria: 80 })
        .returning({ id: rastreadores.id });
      if (!rastreador) throw new Error('rastreador');
      await database.db
        .insert(vinculos)
        .values({ usuarioId: dono.id, rastreadorId: rastreador.id, descricao: r.descricao, intervaloLocalizacao: 1 });
      await consultar(
        database.db,
        sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude, velocidade, curso, satelites)
            select ${rastreador.id}, 'GPS', now() - interval '5 minutes' - (${r.pontos} - g) * (interval '20 hours' / ${r.pontos}),
                   -23.5614 + 0.012 * sin(a) + 0.002 * sin(9 * a), -46.6559 + 0.015 * cos(a) + 0.002 * cos(7 * a), 4, 90, 8
            from (select g, 2 * pi() * g / ${r.pontos} as a from generate_series(1, ${r.pontos}::int) g) t`,
      );
    }
    await recalcularLocalizacoesAtuais(database.db);
  } catch (err) {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  await database.close();
  return dataDir;
}

async function esperarSaude(url: string, servidor: ChildProcess, ms: number) {
  const fim = Date.now() + ms;
  while (Date.now() < fim) {
    if (servidor.exitCode !== null) throw new Error(`o servidor saiu (código ${servidor.exitCode})`);
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await dormir(200);
  }
  throw new Error('o servidor não respondeu a tempo');
}

/** The owner's token through the real /oauth/token, the captcha solved as the widget does. */
async function entrar(url: string): Promise<TokenResponse> {
  const challenge = (await (await fetch(`${url}/api/captcha/desafio`)).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha não resolvido');
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('rastro-web:rastro-web-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: DONO.email,
      password: DONO.senha,
      'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    }),
  });
  if (!res.ok) throw new Error(`login falhou: ${res.status} ${await res.text()}`);
  return (await res.json()) as TokenResponse;
}

/** Starts the server on the data `prepararDados` left in `dataDir`; stopping it deletes them. */
export async function iniciarServidor(webDist: string, dataDir: string): Promise<Servidor> {
  const log: Buffer[] = [];
  let filho: ChildProcess | undefined;
  // However the benchmark ends (the harness's time limit sends SIGTERM), the server and its data go.
  const matar = () => {
    if (filho && filho.exitCode === null) filho.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', matar);
  const parar = async () => {
    process.off('exit', matar);
    if (filho && filho.exitCode === null) {
      const saiu = new Promise((r) => filho?.once('exit', r));
      filho.kill('SIGTERM');
      await saiu;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const porta = await escolherPortas();
    // 127.0.0.1, not localhost: Node and Chromium must not race IPv6 against IPv4.
    const url = `http://127.0.0.1:${porta}`;
    filho = spawn(process.execPath, ['--import', 'tsx', path.join(RAIZ, 'apps/server/src/main.ts')], {
      cwd: RAIZ,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(porta),
        TOPIN_PORT: String(porta + 1),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        WEB_DIST: webDist,
        APP_URL: url,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.senha,
        MAP_TILE_URL: TILE_VAZIO,
        // The bench's own login solves the proof of work in Node; keep it short.
        CAPTCHA_COUNTER_MIN: '100',
        CAPTCHA_COUNTER_MAX: '200',
        LOGIN_LIMIT_IP: '100000',
        LOGIN_LIMIT_EMAIL: '100000',
        RATE_LIMIT_MAX: '100000',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    filho.stdout?.on('data', (c: Buffer) => log.push(c));
    filho.stderr?.on('data', (c: Buffer) => log.push(c));
    await esperarSaude(url, filho, 60_000);
    return { url, token: await entrar(url), parar };
  } catch (err) {
    process.stderr.write(Buffer.concat(log));
    await parar();
    throw err;
  }
}
