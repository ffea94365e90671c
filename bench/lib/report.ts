/**
 * The one output format every benchmark prints and `bench/run.ts` reads:
 * `BENCH <name> <value> <unit> budget <op><x> ratio <r> PASS|FAIL`.
 * `ratio` is the value divided by a baseline measured in the same run (`none` without one).
 */
export type Operador = '>=' | '<=' | '==';

export interface Orcamento {
  op: Operador;
  valor: number;
}

export interface Medida {
  nome: string;
  valor: number;
  unidade: string;
  orcamento?: Orcamento | undefined;
  /** The same quantity measured by a baseline in the same run. */
  base?: number | undefined;
}

export const LINHA_BENCH = /^BENCH (\S+) (\S+) (\S+) budget (\S+) ratio (\S+) (PASS|FAIL)$/;

function numero(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v)) return String(v);
  return Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(2);
}

export function passa(valor: number, o: Orcamento | undefined): boolean {
  if (!o) return true;
  if (!Number.isFinite(valor)) return false;
  switch (o.op) {
    case '>=':
      return valor >= o.valor;
    case '<=':
      return valor <= o.valor;
    case '==':
      return valor === o.valor;
  }
}

export function linhaBench(m: Medida): string {
  const orcamento = m.orcamento ? `${m.orcamento.op}${numero(m.orcamento.valor)}` : 'none';
  const ratio = m.base !== undefined && m.base > 0 ? (m.valor / m.base).toFixed(2) : 'none';
  return `BENCH ${m.nome} ${numero(m.valor)} ${m.unidade} budget ${orcamento} ratio ${ratio} ${passa(m.valor, m.orcamento) ? 'PASS' : 'FAIL'}`;
}

export function imprimir(m: Medida): void {
  process.stdout.write(`${linhaBench(m)}\n`);
}

/** A note for people: the harness passes it through and never parses it. */
export function nota(texto: string): void {
  process.stdout.write(`# ${texto}\n`);
}

/** Runs a benchmark's `main` and exits: 0 when it ends, 1 (the error on stderr) when it breaks. */
export function executar(nome: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`bench/${nome} falhou: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
      process.exit(1);
    },
  );
}
