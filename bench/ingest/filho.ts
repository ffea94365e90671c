import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A child process of this benchmark (a script next to this file, run by tsx), spoken to over IPC:
 * one request at a time, each answered by one message of the expected `tipo` (or `erro`).
 */
export class Filho<P, R extends { tipo: string }> {
  private readonly filho: ChildProcess;
  private espera: { resolve: (r: R) => void; reject: (e: Error) => void } | undefined;

  constructor(
    private readonly script: string,
    opcoes: { execArgv?: string[]; env?: NodeJS.ProcessEnv } = {},
  ) {
    this.filho = fork(path.join(path.dirname(fileURLToPath(import.meta.url)), script), [], {
      execArgv: [...(opcoes.execArgv ?? []), '--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      ...(opcoes.env ? { env: opcoes.env } : {}),
    });
    this.filho.on('message', (r: R) => {
      const e = this.espera;
      this.espera = undefined;
      if (!e) return;
      if (r.tipo === 'erro') e.reject(new Error(`${script}: ${(r as { mensagem?: string }).mensagem ?? '?'}`));
      else e.resolve(r);
    });
    this.filho.on('exit', (code) => {
      this.espera?.reject(new Error(`${script} saiu (código ${code ?? '?'})`));
      this.espera = undefined;
    });
  }

  get pid() {
    return this.filho.pid ?? 0;
  }

  avisar(p: P) {
    this.filho.send(p as object);
  }

  /** The next message, which must be of `tipo`. */
  esperar<T extends R['tipo']>(tipo: T): Promise<Extract<R, { tipo: T }>> {
    return new Promise((resolve, reject) => {
      this.espera = {
        resolve: (r) =>
          r.tipo === tipo ? resolve(r as Extract<R, { tipo: T }>) : reject(new Error(`${this.script}: esperava ${tipo}, veio ${r.tipo}`)),
        reject,
      };
    });
  }

  pedir<T extends R['tipo']>(p: P, tipo: T): Promise<Extract<R, { tipo: T }>> {
    const resposta = this.esperar(tipo);
    this.avisar(p);
    return resposta;
  }

  /** Disconnects (the child exits on it) and kills it; waits a little for it to go. */
  async encerrar() {
    if (this.filho.exitCode !== null || this.filho.signalCode !== null) return;
    const saiu = new Promise<void>((resolve) => {
      this.filho.once('exit', () => resolve());
      setTimeout(resolve, 5000).unref();
    });
    if (this.filho.connected) this.filho.disconnect();
    this.filho.kill();
    await saiu;
  }
}
