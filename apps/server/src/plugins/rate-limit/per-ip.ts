import { normalizeIP } from '@fastify/rate-limit';
import { MSG } from '@rastro/shared/messages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErroDaApi } from '../../lib/erros';
import type { Limitador } from '../../lib/limitador';

/**
 * A route's own limit per client address, counted in `app.limiter` (so, with DATABASE_URL, across
 * every instance), for the routes a guesser would hammer. IPv6 addresses count per /64, as in the
 * general limit of @fastify/rate-limit (one subscriber gets a whole /64). Past `max` in the window:
 * 429 in pt-BR with Retry-After. The route sets `config: { rateLimit: false }`: this limit replaces
 * the general one there.
 */
export function limitPerIp(limiter: Limitador, name: string, max: number, windowMs: number) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const w = await limiter.incr(`${name}:${normalizeIP(req.ip)}`, windowMs);
    if (w.count <= max) return;
    void reply.header('retry-after', Math.max(1, Math.ceil(w.resetInMs / 1000)));
    throw new ErroDaApi(429, MSG.muitasTentativas);
  };
}
