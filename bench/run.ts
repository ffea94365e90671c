import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { lerArgs } from './lib/args';
import { RAIZ } from './lib/postgres-temp';
import { LINHA_BENCH } from './lib/report';

/**
 * `npm run bench [-- --quick]`: runs every benchmark below, one process each, prints their
 * lines, and exits non-zero when a line says FAIL or a benchmark crashes (or prints no line).
 * A new benchmark is one more entry here: a script that prints `BENCH …` lines (bench/lib/report.ts).
 */
const BENCHMARKS: { nome: string; script: string; limiteMin: number }[] = [
  { nome: 'ingest', script: 'bench/ingest/main.ts', limiteMin: 10 },
  { nome: 'web', script: 'bench/web/main.ts', limiteMin: 10 },
  { nome: 'api', script: 'bench/api/main.ts', limiteMin: 30 },
  { nome: 'push', script: 'bench/push/main.ts', limiteMin: 5 },
  { nome: 'alarmes', script: 'bench/alarmes/main.ts', limiteMin: 8 },
  { nome: 'pagamentos', script: 'bench/pagamentos/main.ts', limiteMin: 5 },
  { nome: 'aovivo', script: 'bench/aovivo/main.ts', limiteMin: 5 },
];

interface Resultado {
  nome: string;
  linhas: number;
  falhas: number;
  erro?: string;
}

function rodar(b: (typeof BENCHMARKS)[number], repassar: string[]): Promise<Resultado> {
  return new Promise((resolve) => {
    // Soft open-file limit up to the hard one: the connection phases hold thousands of sockets.
    const filho = spawn(
      'sh',
      [
        '-c',
        'ulimit -n "$(ulimit -Hn)" 2>/dev/null; exec "$0" "$@"',
        process.execPath,
        // The server's V8 flag (docs/adr/0007-flags-do-v8.md): a benchmark that runs the gateway in
        // its own process measures it as `npm start` runs it.
        '--max-semi-space-size=64',
        '--import',
        'tsx',
        path.join(RAIZ, b.script),
        ...repassar,
      ],
      {
        cwd: RAIZ,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: process.env,
      },
    );
    const r: Resultado = { nome: b.nome, linhas: 0, falhas: 0 };
    const limite = setTimeout(() => {
      r.erro = `passou de ${b.limiteMin} min`;
      filho.kill('SIGTERM');
    }, b.limiteMin * 60_000);
    createInterface({ input: filho.stdout }).on('line', (linha) => {
      process.stdout.write(`${linha}\n`);
      const m = LINHA_BENCH.exec(linha);
      if (!m) return;
      r.linhas++;
      if (m[6] === 'FAIL') r.falhas++;
    });
    filho.on('close', (code, sinal) => {
      clearTimeout(limite);
      if (code !== 0 && !r.erro) r.erro = sinal ? `encerrado por ${sinal}` : `saiu com código ${code ?? '?'}`;
      if (!r.erro && r.linhas === 0) r.erro = 'nenhuma linha BENCH';
      resolve(r);
    });
  });
}

async function main() {
  const args = lerArgs();
  const repassar = args.quick ? ['--quick'] : [];
  const resultados: Resultado[] = [];
  for (const b of BENCHMARKS) {
    process.stdout.write(`# bench ${b.nome}${args.quick ? ' (--quick)' : ''}\n`);
    resultados.push(await rodar(b, repassar));
  }
  let ok = true;
  for (const r of resultados) {
    const estado = r.erro ? `QUEBROU (${r.erro})` : r.falhas ? `${r.falhas} FAIL em ${r.linhas} linhas` : `${r.linhas} linhas PASS`;
    process.stdout.write(`# ${r.nome}: ${estado}\n`);
    if (r.erro || r.falhas) ok = false;
  }
  process.exitCode = ok ? 0 : 1;
}

void main();
