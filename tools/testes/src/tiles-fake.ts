import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A blank 1×1 PNG: the browser draws it as a 256 px tile. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=', 'base64');

/**
 * A local map tile server (`/{z}/{x}/{y}.png`, as OpenStreetMap's): the browser tests' maps ask it,
 * never a public tile server. `pedidos` lists the tiles asked for.
 */
export async function iniciarTiles() {
  const pedidos: string[] = [];
  const server: Server = createServer((req, res) => {
    const tile = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(req.url ?? '');
    if (!tile) {
      res.statusCode = 404;
      return res.end();
    }
    pedidos.push(tile.slice(1).join('/'));
    res.setHeader('content-type', 'image/png');
    res.setHeader('cache-control', 'public, max-age=86400');
    res.end(PNG);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    /** MAP_TILE_URL for this server. */
    url: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    origem: `http://127.0.0.1:${port}`,
    pedidos,
    fechar: () => {
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
