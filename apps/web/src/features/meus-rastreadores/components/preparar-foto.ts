import { FOTO_PET } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';

/** The longest side of a photo the browser had to redraw (the server keeps 256 px of it). */
const LADO_REDESENHADA = 1280;

/** A photo that cannot be sent, with the reason in pt-BR. */
export class FotoRecusada extends Error {}

const aceito = (tipo: string) => (FOTO_PET.tipos as readonly string[]).includes(tipo);

/** The picture redrawn as a JPEG of at most LADO_REDESENHADA px (upright: the browser applies the EXIF orientation), or null. */
async function redesenhar(arquivo: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(arquivo);
  try {
    const escala = Math.min(1, LADO_REDESENHADA / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * escala));
    canvas.height = Math.max(1, Math.round(bitmap.height * escala));
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const jpeg = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    return jpeg && jpeg.size <= FOTO_PET.bytesMax ? jpeg : null;
  } finally {
    bitmap.close();
  }
}

/**
 * The photo as it goes to the server: the file itself when it is a JPEG, PNG or WebP of at most
 * 5 MB. Anything else a phone may hand over (an iPhone's HEIC, a 12 MB photo) is redrawn by the
 * browser as a smaller JPEG when it can read it; otherwise FotoRecusada says why, and nothing is sent.
 */
export async function prepararFoto(arquivo: File): Promise<Blob> {
  if (aceito(arquivo.type) && arquivo.size <= FOTO_PET.bytesMax) return arquivo;
  const redesenhada = await redesenhar(arquivo).catch(() => null);
  if (redesenhada) return redesenhada;
  throw new FotoRecusada(aceito(arquivo.type) ? MSG.fotoGrandeDemais : MSG.fotoTipoInvalido);
}
