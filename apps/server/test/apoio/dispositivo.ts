import { connect, type Socket } from 'node:net';

/** A device-side socket that collects what the server sends. */
export async function conectarDispositivo(porta: number, origem?: string) {
  // `origem`: another loopback address (127.0.0.2) stands for another source.
  const s: Socket = connect({ port: porta, host: '127.0.0.1', ...(origem ? { localAddress: origem } : {}) });
  await new Promise<void>((r) => s.once('connect', () => r()));
  let recebido = Buffer.alloc(0);
  let fechado = false;
  s.on('data', (c: Buffer) => (recebido = Buffer.concat([recebido, c])));
  s.on('close', () => (fechado = true));
  s.on('error', () => undefined);
  return {
    s,
    enviar: (b: Uint8Array) => new Promise<void>((r) => s.write(b, () => r())),
    recebido: () => recebido,
    /** Forgets what was received so far (to wait for an answer the server already sent once). */
    limpar: () => void (recebido = Buffer.alloc(0)),
    fechado: () => fechado,
    /** Waits until the server sent bytes containing `hex`. */
    async esperar(hex: string, ms = 5000) {
      const fim = Date.now() + ms;
      while (!recebido.toString('hex').includes(hex.replace(/\s/g, '').toLowerCase())) {
        if (Date.now() > fim) throw new Error(`não recebeu ${hex}; recebeu ${recebido.toString('hex')}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async esperarFechar(ms = 5000) {
      const fim = Date.now() + ms;
      while (!fechado) {
        if (Date.now() > fim) throw new Error('conexão não fechou');
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    fim: () => s.destroy(),
  };
}
