/** What a server started in a child process tells the benchmark. */
export type AvisoDoFilho = { tipo: 'pronto'; porta: number } | { tipo: 'erro'; mensagem: string };

const avisar = (m: AvisoDoFilho) => process.send?.(m);

interface Servidor {
  listen(opts: { host: string; port: number }): Promise<unknown>;
  server: { address(): string | { port: number } | null };
  close(): Promise<unknown>;
}

/**
 * Runs `iniciar` in a child process: serves what it returns on a free loopback port, tells the
 * parent the port (or the error), and closes it and `liberar` (its pool) when the parent
 * disconnects or sends SIGTERM.
 */
export function servirNoFilho(iniciar: () => Promise<{ app: Servidor; liberar: () => Promise<unknown> }>) {
  const main = async () => {
    const { app, liberar } = await iniciar();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const endereco = app.server.address();
    if (!endereco || typeof endereco === 'string') throw new Error('sem porta');
    const fechar = async () => {
      await app.close().catch(() => undefined);
      await liberar().catch(() => undefined);
      process.exit(0);
    };
    process.on('disconnect', () => void fechar());
    process.on('SIGTERM', () => void fechar());
    avisar({ tipo: 'pronto', porta: endereco.port });
  };
  main().catch((err: unknown) => {
    avisar({ tipo: 'erro', mensagem: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    process.exit(1);
  });
}
