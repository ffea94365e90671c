import { readFileSync } from 'node:fs';

/** This process's open-file limit (soft), from /proc; undefined where there is no /proc. */
export function limiteDeArquivos(): number | undefined {
  try {
    const linha = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = linha?.split(/\s{2,}/)[1];
    return soft === undefined ? undefined : soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
  } catch {
    return undefined;
  }
}
