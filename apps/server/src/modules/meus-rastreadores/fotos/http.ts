import * as z from '@rastro/shared/zod';
import { FOTO_PET } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { FastifyError, FastifyReply } from 'fastify';
import { ErroDaApi } from '../../../lib/erros';

/**
 * Sends a stored photo. Its URL carries the version (`?v=`): asked with the current one, the
 * answer never changes and the browser keeps it for a year; asked with another (an old page), it
 * gets the current photo, revalidated each time. `private`: a shared cache never keeps it (a
 * revoked share link's photo must stop being served). nosniff: it is only ever an image.
 */
export function responderComFoto(reply: FastifyReply, foto: { imagem: Buffer; versao: string }, versaoPedida: string | undefined) {
  return reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', versaoPedida === foto.versao ? 'private, max-age=31536000, immutable' : 'private, no-cache')
    .header('etag', `"${foto.versao}"`)
    .send(foto.imagem);
}

/** Fastify's own refusals of an upload, before the handler runs, in pt-BR: not an image type (415), too large (413). */
export function errosDoEnvio(err: FastifyError): never {
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') throw new ErroDaApi(415, MSG.fotoTipoInvalido);
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413) throw new ErroDaApi(413, MSG.fotoGrandeDemais);
  throw err;
}

/** `?v=`: the version the photo's URL was built with (it decides the caching); nothing else. */
export const versaoQuerySchema = z.object({ v: z.optional(z.string().check(z.maxLength(64))) });

/** Content types an upload may have. */
export const TIPOS_DE_FOTO: string[] = [...FOTO_PET.tipos];
