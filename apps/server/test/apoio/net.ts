import { createServer, type AddressInfo } from 'node:net';

/** A TCP port nothing listens on right now (for a server a test starts or leaves down). */
export async function portaLivre(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
