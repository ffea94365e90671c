import { constants } from 'node:zlib';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Answers smaller than this go as they are. The usual small ones (a 401/404/429, the config, the
 * unread count, the totals) are 50–500 bytes: with the headers they already fit in one TCP segment
 * (~1,460 bytes), so compressing them would save no round trip and still cost a zlib call each.
 */
export const LIMIAR_DE_COMPRESSAO = 1024;

/**
 * Answers up to this size are compressed in one synchronous call instead of through a zlib stream
 * on libuv's threadpool. On this project's 2 cores, shared with PostgreSQL, there is no idle core
 * for the stream to overlap with, and it costs more: a 24 h history (545 kB of JSON) took 1.7 ms
 * of CPU at brotli 4 in one call and 4.4 ms as a stream. One call of that size holds the event
 * loop less than serialising the same answer did (~4 ms). Larger ones (long exports) stream.
 */
const LIMITE_SINCRONO = 4 * 1024 * 1024;

/**
 * What the server compresses and how (docs/adr/0021-respostas-comprimidas.md): br to clients that
 * accept it (every current browser, over HTTPS), else gzip, else deflate; nothing to a client that
 * sends no Accept-Encoding. Brotli at quality 4, not zlib's default 11, which spent hundreds of
 * times the CPU on a 24 h history for a quarter fewer bytes (5: twice the CPU, 7% fewer); gzip at zlib's default 6. Compressed answers carry
 * `Vary: Accept-Encoding`. Content types: mime-db's compressible ones (JSON, text, CSV, XML: not
 * WebP photos); already encoded answers (the web build's .br/.gz, served by @fastify/static) pass
 * through. Request bodies are never inflated: no client of ours compresses them, and an inflated
 * body would be one more way to smuggle a large payload.
 */
export const OPCOES_DE_COMPRESSAO: FastifyCompressOptions = {
  encodings: ['br', 'gzip', 'deflate'],
  threshold: LIMIAR_DE_COMPRESSAO,
  syncThreshold: LIMITE_SINCRONO,
  brotliOptions: {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 4,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  },
  zlibOptions: { level: 6 },
  globalDecompression: false,
};

/**
 * A 304 or 204 has no body, but @fastify/static hands a 304 an empty stream, which the compressor
 * (no content type: it assumes JSON) would turn into one byte of brotli under `Content-Encoding:
 * br`. A 304 with that header tells the browser its cached copy is brotli: a copy it kept plain
 * (asked once without br) would then be decoded as brotli. No payload, nothing to compress.
 */
const semCorpo: onSendHookHandler = (_req, reply, payload, done) => {
  if (reply.statusCode !== 304 && reply.statusCode !== 204) return done(null, payload);
  if (payload !== null && typeof payload === 'object' && 'destroy' in payload && typeof payload.destroy === 'function')
    (payload as { destroy: () => void }).destroy();
  done(null, null);
};

/**
 * Compressed answers for every route registered after it (the hook is added per route): register
 * it before the modules, Swagger and @fastify/static. The benchmark's bare baseline registers it
 * too, so the API's ratio compares the stacks and not the compression.
 */
export const compressionPlugin = fp(
  async (app) => {
    // Added before the compressor's, so it runs first on each route.
    app.addHook('onRoute', (rota) => {
      rota.onSend = [...(rota.onSend === undefined ? [] : [rota.onSend].flat()), semCorpo];
    });
    await app.register(compress, OPCOES_DE_COMPRESSAO);
  },
  { name: 'compression' },
);
