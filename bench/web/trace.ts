/**
 * Main-thread CPU time from a Chromium trace (categories `toplevel` and `blink.user_timing`):
 * the thread time (`tdur`) of the renderer's top-level tasks. Unlike wall time, a busy or
 * oversubscribed machine barely changes it, so it tells a slower draw from a busier machine.
 */
export const CATEGORIAS_TRACE = ['toplevel', 'blink.user_timing'];

interface EventoTrace {
  name?: string;
  cat?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { startTime?: number } };
}

export interface CpuDaJanela {
  /** Thread time of the tasks that started inside the window, in ms. */
  cpu: number;
  /** The largest thread time of one of those tasks, in ms. */
  maiorTarefa: number;
}

/**
 * The renderer is the one whose main thread set the user-timing mark `marca`; the mark also ties
 * the page's clock (`performance.now()`, ms) to the trace's (µs). `janela` is in page ms.
 */
export function cpuNaJanela(trace: Buffer, marca: string, janela: { de: number; ate: number }): CpuDaJanela {
  const bruto = JSON.parse(trace.toString('utf8')) as { traceEvents: EventoTrace[] } | EventoTrace[];
  const eventos = Array.isArray(bruto) ? bruto : bruto.traceEvents;
  const m = eventos.filter((e) => e.name === marca && e.args?.data?.startTime !== undefined).at(-1);
  const inicioMarca = m?.args?.data?.startTime;
  if (!m || m.ts === undefined || inicioMarca === undefined) throw new Error(`marca ${marca} ausente do trace`);
  const deslocamento = m.ts - inicioMarca * 1000;
  const de = janela.de * 1000 + deslocamento;
  const ate = janela.ate * 1000 + deslocamento;
  const tarefas = eventos
    .filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.pid === m.pid && e.tid === m.tid)
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  let cpu = 0;
  let maior = 0;
  let fimAnterior = Number.NEGATIVE_INFINITY;
  for (const t of tarefas) {
    const ts = t.ts ?? 0;
    // A task run inside another (a nested loop) is already in its parent's time.
    if (ts < fimAnterior) continue;
    fimAnterior = ts + (t.dur ?? 0);
    if (ts < de || ts > ate) continue;
    // Chromium leaves out `tdur` on tasks of a microsecond or so: their wall time bounds it.
    const tdur = t.tdur ?? t.dur ?? 0;
    cpu += tdur;
    maior = Math.max(maior, tdur);
  }
  return { cpu: cpu / 1000, maiorTarefa: maior / 1000 };
}
