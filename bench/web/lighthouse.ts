import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as z from '@rastro/shared/zod';
import { selectItemSchema } from '@rastro/shared/schemas/common';
import { linkCriadoSchema } from '@rastro/shared/schemas/links';
import type { TokenResponse } from '@rastro/shared/schemas/auth';
import { imprimir, nota } from '../lib/report';
import { mediana } from '../lib/stats';
import { CHROMIUM, FLAGS_DO_CHROMIUM } from './navegador';

/**
 * Lighthouse mobile (its default config: a Moto G Power, simulated Slow 4G and a 4× slower CPU,
 * "simulate" throttling), performance category only, against Debian's Chromium started by
 * chrome-launcher with a remote-debugging port (never a downloaded browser). Lighthouse resets the
 * origin's storage, service worker and cache before each run: every run is a first visit.
 */
export interface Farol {
  /** 0–100, as the report shows it. */
  nota: number;
  tbtMs: number;
  fcpMs: number;
  lcpMs: number;
  siMs: number;
  cls: number;
  /** Main-thread script time (Lighthouse's bootup-time, simulated CPU), ms. */
  scriptMs: number;
  /** The longest main-thread tasks (Lighthouse's long-tasks audit: what script they were attributed to, simulated ms). */
  tarefas: string;
}

export interface FarolMedido {
  nota: number;
  tbtMs: number;
  amostras: Farol[];
}

export async function abrirChromiumDoLighthouse(): Promise<LaunchedChrome> {
  return launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', ...FLAGS_DO_CHROMIUM], logLevel: 'error' });
}

const versaoDoLighthouse = () => (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;

const numero = (v: number | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : Number.NaN);

/** The three longest tasks of the long-tasks audit, as `file duration`. */
function tarefasLongas(details: unknown): string {
  const itens = (details as { items?: { url?: unknown; duration?: unknown }[] } | undefined)?.items ?? [];
  return itens
    .slice(0, 3)
    .map((i) => `${typeof i.url === 'string' ? (i.url.split('/').pop() ?? i.url) : '?'} ${Number(i.duration).toFixed(0)}`)
    .join(', ');
}

/** Runs Lighthouse saw fail to record the trace (NO_NAVSTART: "Please run Lighthouse again", as it says). */
let repetidas = 0;
export const rodadasRepetidas = () => repetidas;

async function rodar(porta: number, url: string, tentativas = 3): Promise<Farol> {
  const r = await lighthouse(url, { port: porta, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = r?.lhr;
  if (!lhr) throw new Error(`Lighthouse não devolveu resultado para ${url}`);
  if (lhr.runtimeError?.code === 'NO_NAVSTART' && tentativas > 1) {
    repetidas++;
    return rodar(porta, url, tentativas - 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse em ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const a = (id: string) => numero(lhr.audits[id]?.numericValue);
  const nota = lhr.categories.performance?.score;
  if (typeof nota !== 'number') throw new Error(`Lighthouse sem nota de desempenho para ${url}`);
  return {
    nota: Math.round(nota * 100),
    tbtMs: a('total-blocking-time'),
    fcpMs: a('first-contentful-paint'),
    lcpMs: a('largest-contentful-paint'),
    siMs: a('speed-index'),
    cls: a('cumulative-layout-shift'),
    scriptMs: a('bootup-time'),
    tarefas: tarefasLongas(lhr.audits['long-tasks']?.details),
  };
}

/** `vezes` runs of each page, alternating, so drift on a busy machine hits all alike; medians of each figure. */
export async function medirFarol<K extends string>(
  porta: number,
  paginas: Record<K, string>,
  vezes: number,
): Promise<Record<K, FarolMedido>> {
  const nomes = Object.keys(paginas) as K[];
  const amostras = new Map<K, Farol[]>(nomes.map((n) => [n, []]));
  for (let i = 0; i < vezes; i++) for (const n of nomes) amostras.get(n)?.push(await rodar(porta, paginas[n]));
  return Object.fromEntries(
    nomes.map((n) => {
      const a = amostras.get(n) ?? [];
      return [n, { nota: mediana(a.map((x) => x.nota)), tbtMs: mediana(a.map((x) => x.tbtMs)), amostras: a }];
    }),
  ) as Record<K, FarolMedido>;
}

/**
 * A real share link (issue #19) to the tracker the owner named `descricao`, created as the owner's
 * map does it (POST /api/usuarios/rastreadores/{id}/links), with a message and the phone shown.
 */
export async function criarLinkPublico(url: string, token: TokenResponse, descricao: string): Promise<string> {
  const headers = { authorization: `Bearer ${token.access_token}`, accept: 'application/json' };
  const lista = await fetch(`${url}/api/usuarios/rastreadores/select`, { headers });
  if (!lista.ok) throw new Error(`rastreadores do dono: ${lista.status}`);
  const itens = z.array(selectItemSchema).parse(await lista.json());
  const item = itens.find((i) => i.text.includes(descricao));
  if (!item) throw new Error(`rastreador ${descricao} não encontrado entre ${itens.map((i) => i.text).join(', ')}`);
  const r = await fetch(`${url}/api/usuarios/rastreadores/${item.id}/links`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ horas: 24, mensagem: 'Ela é mansa. Se a encontrar, me ligue, por favor.', compartilharTelefone: true }),
  });
  if (r.status !== 201) throw new Error(`criar link: ${r.status} ${await r.text()}`);
  return linkCriadoSchema.parse(await r.json()).url;
}

export const resumoFarol = (a: readonly Farol[]) =>
  a
    .map(
      (x) =>
        `${x.nota} (TBT ${x.tbtMs.toFixed(0)}, FCP ${x.fcpMs.toFixed(0)}, LCP ${x.lcpMs.toFixed(0)}, SI ${x.siMs.toFixed(0)}, CLS ${x.cls.toFixed(3)}, script ${x.scriptMs.toFixed(0)}; tarefas longas: ${x.tarefas || 'nenhuma'})`,
    )
    .join(' | ');

/**
 * The bench/web lines (issue #33): Lighthouse mobile on the login and on a share link's page, median
 * of `vezes` runs each, against the static login page (`base`, no script) in the same runs.
 */
export async function linhasDoFarol(url: string, token: TokenResponse, base: string, descricao: string, vezes: number) {
  const link = await criarLinkPublico(url, token, descricao);
  const chrome = await abrirChromiumDoLighthouse();
  try {
    nota(
      `Lighthouse ${versaoDoLighthouse()} (mobile, simulado), ${vezes} rodadas por página; carga média ${loadavg()[0]?.toFixed(1) ?? '?'}`,
    );
    const f = await medirFarol(chrome.port, { login: `${url}/auth/login`, publico: link, base: `${url}${base}` }, vezes);
    nota(`Lighthouse login: ${resumoFarol(f.login.amostras)}`);
    nota(`Lighthouse link público (${descricao}): ${resumoFarol(f.publico.amostras)}`);
    nota(
      `Lighthouse página estática: ${resumoFarol(f.base.amostras)}; carga média no fim ${loadavg()[0]?.toFixed(1) ?? '?'}; ` +
        `rodadas refeitas por NO_NAVSTART: ${rodadasRepetidas()}`,
    );
    for (const [nome, m] of [
      ['login', f.login],
      ['public_link', f.publico],
    ] as const) {
      imprimir({
        nome: `web.lighthouse_${nome}_score`,
        valor: m.nota,
        unidade: 'score',
        orcamento: { op: '>=', valor: 95 },
        base: f.base.nota,
      });
      imprimir({
        nome: `web.lighthouse_${nome}_tbt`,
        valor: Math.round(m.tbtMs),
        unidade: 'ms',
        orcamento: { op: '<=', valor: 150 },
        base: f.base.tbtMs,
      });
    }
  } finally {
    chrome.kill();
  }
}
