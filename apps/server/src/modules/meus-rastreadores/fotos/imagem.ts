import { createHash } from 'node:crypto';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { FOTO_PET } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { ErroDaApi } from '../../../lib/erros';

// The server encodes a photo now and then: libvips' cache of decoded images would only hold memory.
sharp.cache(false);
// libvips reads dozens of formats (SVG, PDF, TIFF, HEIF…); an upload is decoded only by these three
// loaders, whatever its bytes claim to be. Process-wide: this module is the only one that decodes images.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpegBuffer', 'VipsForeignLoadPngBuffer', 'VipsForeignLoadWebpBuffer'] });

/** The formats an upload may be, by its bytes (whatever its Content-Type said): no SVG, TIFF, GIF, HEIF… */
const FORMATOS = new Set(['jpeg', 'png', 'webp']);
/**
 * The most pixels an upload may declare (a 48-megapixel phone photo fits): past it, a 5 MB file
 * could unpack into gigabytes (a decompression bomb). libvips enforces it while decoding too.
 */
export const PIXELS_MAX = 50_000_000;
/** libvips gives up on one image after this long (an image built to be slow to decode). */
const SEGUNDOS_MAX = 10;
/** Qualities tried in turn until the WebP fits in FOTO_PET.bytesGuardadosMax; then a smaller side. */
const QUALIDADES = [82, 70, 58, 46, 34] as const;
const LADOS = [FOTO_PET.lado, 192, 128] as const;
/** Encodings at once in this process (the machine has few cores; the others wait their turn). */
const SIMULTANEOS = 2;

const entrada = { limitInputPixels: PIXELS_MAX, failOn: 'error', pages: 1 } as const;

let emCurso = 0;
const fila: (() => void)[] = [];

async function aVez<T>(tarefa: () => Promise<T>): Promise<T> {
  if (emCurso >= SIMULTANEOS) await new Promise<void>((r) => fila.push(r));
  emCurso += 1;
  try {
    return await tarefa();
  } finally {
    emCurso -= 1;
    fila.shift()?.();
  }
}

export interface FotoGuardavel {
  /** WebP, square, at most FOTO_PET.lado px and FOTO_PET.bytesGuardadosMax bytes, with no metadata. */
  webp: Buffer;
  /** A short hash of `webp`: the photo's URL carries it, so it changes when the photo does. */
  versao: string;
}

/**
 * The photo the server keeps of an upload: decoded (JPEG, PNG or WebP by its bytes; anything else
 * is a 400), turned upright by its EXIF orientation, cropped to a centred square, shrunk to at most
 * 256 px, and encoded anew as WebP, lowering the quality until it fits in 60 kB. Nothing of the
 * upload's metadata (EXIF with GPS, ICC, XMP) survives: sharp writes none unless asked to.
 */
export function reencodar(upload: Buffer): Promise<FotoGuardavel> {
  return aVez(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(upload, entrada).metadata();
    } catch (err) {
      // libvips checks limitInputPixels against the header, before decoding anything.
      throw new ErroDaApi(400, err instanceof Error && /pixel limit/i.test(err.message) ? MSG.fotoPixelsDemais : MSG.fotoIlegivel);
    }
    if (!FORMATOS.has(meta.format)) throw new ErroDaApi(400, MSG.fotoIlegivel);
    if (meta.width * meta.height > PIXELS_MAX) throw new ErroDaApi(400, MSG.fotoPixelsDemais);
    const lado = Math.min(FOTO_PET.lado, meta.width, meta.height);
    let bruto: { data: Buffer; info: OutputInfo };
    try {
      bruto = await sharp(upload, entrada)
        .timeout({ seconds: SEGUNDOS_MAX })
        .rotate()
        .resize({ width: lado, height: lado, fit: 'cover', position: 'centre' })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch {
      // Truncated or corrupt past its header, or too slow to decode.
      throw new ErroDaApi(400, MSG.fotoIlegivel);
    }
    for (const menor of LADOS) {
      const quadro =
        menor >= bruto.info.width
          ? bruto
          : await sharp(bruto.data, { raw: bruto.info }).resize(menor, menor).raw().toBuffer({ resolveWithObject: true });
      for (const quality of QUALIDADES) {
        const webp = await sharp(quadro.data, { raw: quadro.info }).webp({ quality, effort: 4 }).toBuffer();
        if (webp.length <= FOTO_PET.bytesGuardadosMax)
          return { webp, versao: createHash('sha256').update(webp).digest('hex').slice(0, 16) };
      }
    }
    // 128 px at the lowest quality is far below 60 kB for any picture; never reached.
    throw new ErroDaApi(400, MSG.fotoIlegivel);
  });
}
