import { request } from 'node:http';
import { cpuArvoreMs } from '../lib/cpu';
import { mediana } from '../lib/stats';
import { disparar, type Gerador, type Rodada } from './carga';

/**
 * Issue #33: what compressing the answers costs and saves. The load asks as a phone does (every
 * current browser asks for br over HTTPS); the real server and the baseline both compress
 * (`compressionPlugin`), so the ratio lines compare the stacks, not the compression.
 */
export const ACEITA_TELEFONE: Readonly<Record<string, string>> = { 'accept-encoding': 'br, gzip' };

/** The same request with a phone's Accept-Encoding. */
export const comAceite =
  (gerar: Gerador): Gerador =>
  (k) => {
    const g = gerar(k);
    return { ...g, headers: { ...g.headers, ...ACEITA_TELEFONE } };
  };

/**
 * The load's requests, as a phone sends them; for exploring, `SEM_COMPRESSAO=1` sends them without
 * Accept-Encoding (neither target compresses: the ratio lines as before issue #33).
 */
export const comoTelefone = (gerar: Gerador): Gerador => (process.env.SEM_COMPRESSAO ? gerar : comAceite(gerar));

/** The same request without any Accept-Encoding: the plain answer. */
const semCompressao =
  (gerar: Gerador): Gerador =>
  (k) => {
    const g = gerar(k);
    const headers = Object.fromEntries(Object.entries(g.headers ?? {}).filter(([nome]) => nome.toLowerCase() !== 'accept-encoding'));
    return { ...g, headers };
  };

/** One answer's body as it crossed the socket (nothing decoded), with its status and Content-Encoding. */
function corpoNoFio(porta: number, g: ReturnType<Gerador>): Promise<{ status: number; bytes: number; codificacao: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: porta, path: g.path, headers: g.headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.once('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, codificacao: String(res.headers['content-encoding'] ?? 'nenhuma') }),
      );
      res.once('error', reject);
    });
    req.once('error', reject);
    req.end();
  });
}

/**
 * The body's bytes as a phone receives it (`gerar` asks as one) and plain, the median over the
 * requests `ks` (different trackers, the same number of points).
 */
export async function bytesNoFio(porta: number, gerar: Gerador, ks: readonly number[]) {
  const comprimidos: number[] = [];
  const planos: number[] = [];
  const codificacoes = new Set<string>();
  for (const k of ks) {
    const c = await corpoNoFio(porta, gerar(k));
    const p = await corpoNoFio(porta, semCompressao(gerar)(k));
    if (c.status !== 200 || p.status !== 200) throw new Error(`bytes no fio: HTTP ${c.status} / ${p.status}`);
    comprimidos.push(c.bytes);
    planos.push(p.bytes);
    codificacoes.add(c.codificacao);
  }
  return { comprimido: mediana(comprimidos), plano: mediana(planos), codificacoes: [...codificacoes].join(', ') };
}

/** CPU of the server process per answer (µs), asked as a phone and asked plain, over alternating rounds. */
export interface CpuDaCompressao {
  comprimido: number;
  plano: number;
  /** Each round's compressed ÷ plain, in the order measured. */
  razoes: number[];
  falhas: number;
}

/**
 * The real server's own CPU per answer with and without compression: rounds of `respostas`
 * answers on `conexoes` connections, compressed then plain, swapping order every round (what
 * else the machine does falls on both alike), after a warm-up of each. Only the server process:
 * PostgreSQL does the same work either way.
 */
export async function cpuComESemCompressao(
  porta: number,
  pid: number,
  gerar: Gerador,
  p: { rodadas: number; respostas: number; conexoes: number },
): Promise<CpuDaCompressao> {
  const lados = [
    { gerar, cpu: 0, respostas: 0, porRodada: [] as number[] },
    { gerar: semCompressao(gerar), cpu: 0, respostas: 0, porRodada: [] as number[] },
  ];
  let falhas = 0;
  for (const l of lados) await disparar(porta, l.gerar, p.conexoes, { respostas: Math.ceil(p.respostas / 2) });
  for (let r = 0; r < p.rodadas; r++) {
    for (const l of r % 2 === 0 ? lados : [...lados].reverse()) {
      const antes = cpuArvoreMs(pid);
      const rodada: Rodada = await disparar(porta, l.gerar, p.conexoes, { respostas: p.respostas });
      const ms = cpuArvoreMs(pid) - antes;
      l.cpu += ms;
      l.respostas += rodada.tempos.length;
      l.porRodada.push((ms * 1000) / Math.max(1, rodada.tempos.length));
      falhas += rodada.falhas;
    }
  }
  const [c, s] = lados;
  if (!c || !s) throw new Error('medição vazia');
  const us = (l: (typeof lados)[number]) => (l.respostas > 0 ? (l.cpu * 1000) / l.respostas : Number.NaN);
  return {
    comprimido: us(c),
    plano: us(s),
    razoes: c.porRodada.map((v, i) => v / (s.porRodada[i] ?? Number.NaN)),
    falhas,
  };
}
