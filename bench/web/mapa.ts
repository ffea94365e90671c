/// <reference lib="dom" />
import type { Browser, Page } from '@playwright/test';
import type { TokenResponse } from '@rastro/shared/schemas/auth';
import { mediana } from '../lib/stats';
import { novoContexto } from './navegador';
import type { Rota } from './servidor';
import { CATEGORIAS_TRACE, cpuNaJanela } from './trace';

/**
 * One history search on the real map page, timed in the page's own clock: the click on
 * 'Buscar', the response's last byte (Resource Timing), RotaLayer's two marks around adding its
 * layers, and the end of the first frame after that — the route on screen. Long tasks show
 * whether the main thread froze on the way; a trace of the search gives the main thread's CPU
 * time over the same windows.
 */
interface Registro {
  clique: number;
  desenhado: number;
  tarefas: { inicio: number; duracao: number }[];
}

declare global {
  interface Window {
    __rastroBench?: Registro;
  }
}

/** Runs in the page before the app: records, never changes what the app does. */
function instrumentar() {
  const r: Registro = { clique: Number.NaN, desenhado: Number.NaN, tarefas: [] };
  window.__rastroBench = r;
  performance.setResourceTimingBufferSize(2000);
  new PerformanceObserver((lista) => {
    for (const e of lista.getEntries()) r.tarefas.push({ inicio: e.startTime, duracao: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('button[type=submit]')) r.clique = e.timeStamp;
    },
    true,
  );
  // Synchronously at the mark: the next animation frame is the one Leaflet's canvas draws in
  // (its redraw was requested while the layers went in); a message posted from that frame's
  // callback runs once the frame is done.
  const marcar = performance.mark.bind(performance);
  performance.mark = (nome: string, opcoes?: PerformanceMarkOptions) => {
    const m = marcar(nome, opcoes);
    if (nome === 'rastro:rota-desenhada') {
      requestAnimationFrame(() => {
        const canal = new MessageChannel();
        canal.port1.onmessage = () => {
          r.desenhado = performance.now();
        };
        canal.port2.postMessage(null);
      });
    }
    return m;
  };
}

export interface Desenho {
  /** Last byte of the response → route on screen (parse, validation, React, Leaflet, paint). */
  respostaAteDesenho: number;
  /** Click on 'Buscar' → route on screen (adds the request and the server). */
  cliqueAteDesenho: number;
  /** RotaLayer's own work: from receiving the points to its layers being on the map. */
  camadas: number;
  /** The longest task between the click and one second after the route showed. */
  maiorTarefa: number;
  /** Main-thread CPU time over `respostaAteDesenho`'s window (wall time minus waiting for a core). */
  cpuDesenho: number;
  /** CPU time of the longest task in `maiorTarefa`'s window. */
  maiorTarefaCpu: number;
}

async function buscarRota(browser: Browser, page: Page, rota: Rota): Promise<Desenho> {
  await page.getByRole('combobox', { name: 'Tipo de Visualização' }).click();
  await page.getByRole('option', { name: 'Histórico de localizações' }).click();
  await page.getByRole('combobox', { name: 'Rastreador' }).click();
  await page.getByRole('option', { name: rota.descricao, exact: true }).click();
  await page.getByRole('option').first().waitFor({ state: 'detached' });
  const resposta = page.waitForResponse((r) => r.url().includes('/ultimas-localizacoes') && r.url().includes('HISTORICO'));
  await browser.startTracing(page, { categories: CATEGORIAS_TRACE });
  await page.getByRole('button', { name: 'Buscar' }).click();
  const pontos = ((await (await resposta).json()) as unknown[]).length;
  if (pontos !== rota.pontos) throw new Error(`${rota.descricao}: a resposta trouxe ${pontos} pontos, esperava ${rota.pontos}`);
  await page.waitForFunction(() => (window.__rastroBench?.desenhado ?? Number.NaN) > 0, undefined, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Fim do trajeto' }).waitFor();
  // Long tasks that follow the first paint (Leaflet redraws after fitting the map) still count.
  await page.waitForTimeout(1000);
  const trace = await browser.stopTracing();
  // No named functions in code that runs in the page: tsx's esbuild would wrap them in a
  // `__name` helper the page does not have.
  const t = await page.evaluate(() => {
    const r = window.__rastroBench;
    if (!r) throw new Error('instrumentação ausente');
    const recurso = performance
      .getEntriesByType('resource')
      .filter((e) => e.name.includes('/ultimas-localizacoes') && e.name.includes('HISTORICO'))
      .at(-1) as PerformanceResourceTiming | undefined;
    const fimResposta = recurso?.responseEnd ?? Number.NaN;
    const janela = r.tarefas.filter((t) => t.inicio + t.duracao >= r.clique && t.inicio <= r.desenhado + 1000);
    return {
      clique: r.clique,
      fimResposta,
      desenhado: r.desenhado,
      camadas:
        (performance.getEntriesByName('rastro:rota-desenhada', 'mark').at(-1)?.startTime ?? Number.NaN) -
        (performance.getEntriesByName('rastro:rota-recebida', 'mark').at(-1)?.startTime ?? Number.NaN),
      maiorTarefa: Math.max(0, ...janela.map((t) => t.duracao)),
    };
  });
  const desenho = cpuNaJanela(trace, 'rastro:rota-desenhada', { de: t.fimResposta, ate: t.desenhado });
  const ate1s = cpuNaJanela(trace, 'rastro:rota-desenhada', { de: t.clique, ate: t.desenhado + 1000 });
  return {
    respostaAteDesenho: t.desenhado - t.fimResposta,
    cliqueAteDesenho: t.desenhado - t.clique,
    camadas: t.camadas,
    maiorTarefa: t.maiorTarefa,
    cpuDesenho: desenho.cpu,
    maiorTarefaCpu: ate1s.maiorTarefa,
  };
}

/** One cold page per search: a fresh profile logged in as the owner (token cookie + stored user). */
async function medirUma(browser: Browser, url: string, token: TokenResponse, rota: Rota): Promise<Desenho> {
  const context = await novoContexto(browser);
  try {
    await context.addCookies([{ name: 'rastro_token', value: encodeURIComponent(token.access_token), url, sameSite: 'Strict' }]);
    const { usuarioId, nome, email, authorities, isClient } = token;
    await context.addInitScript(
      (usuario) => {
        localStorage.setItem('rastro_sessao', JSON.stringify({ usuario, emulacao: null }));
      },
      { usuarioId, nome, email, authorities, isClient },
    );
    await context.addInitScript(instrumentar);
    const page = await context.newPage();
    await page.goto(`${url}/user/mapa`);
    await page.getByRole('region', { name: 'Mapa' }).waitFor();
    return await buscarRota(browser, page, rota);
  } finally {
    await context.close();
  }
}

export interface ResultadoMapa {
  rota: Rota;
  mediana: Desenho;
  amostras: Desenho[];
}

/** `vezes` searches of each route, alternating; the medians of each figure. */
export async function medirMapa(
  browser: Browser,
  url: string,
  token: TokenResponse,
  rotas: readonly Rota[],
  vezes: number,
): Promise<ResultadoMapa[]> {
  const amostras = rotas.map(() => [] as Desenho[]);
  for (let i = 0; i < vezes; i++) for (const [j, rota] of rotas.entries()) amostras[j]?.push(await medirUma(browser, url, token, rota));
  return rotas.map((rota, j) => {
    const a = amostras[j] ?? [];
    const med = (f: (d: Desenho) => number) => mediana(a.map(f));
    return {
      rota,
      amostras: a,
      mediana: {
        respostaAteDesenho: med((d) => d.respostaAteDesenho),
        cliqueAteDesenho: med((d) => d.cliqueAteDesenho),
        camadas: med((d) => d.camadas),
        maiorTarefa: med((d) => d.maiorTarefa),
        cpuDesenho: med((d) => d.cpuDesenho),
        maiorTarefaCpu: med((d) => d.maiorTarefaCpu),
      },
    };
  });
}
