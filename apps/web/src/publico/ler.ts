import type { LinkPublico, LocalizacaoPublica } from '@rastro/shared/schemas/links';
import { inteiro, numero, objeto, ouNulo, texto } from '@/lib/leitura';

/**
 * The share page's answers read by hand, against the types of the shared schemas (linkPublicoSchema,
 * posicaoPublicaSchema): zod's code would be the largest part of this page, and compiling and
 * running it the largest part of its main-thread work on a phone (docs/adr/0020). ler.test.ts holds
 * these readers to the shared schemas: what one accepts, the other does.
 */

function ponto(v: unknown): LinkPublico['rastro'][number] | null {
  if (!objeto(v) || !numero(v.latitude) || !numero(v.longitude) || !texto(v.dataHora)) return null;
  return { latitude: v.latitude, longitude: v.longitude, dataHora: v.dataHora };
}

/** GET /api/publico/links/{token}'s body, or null when it is not one. */
export function lerLink(v: unknown): LinkPublico | null {
  if (!objeto(v) || !Array.isArray(v.rastro)) return null;
  const { descricao, latitude, longitude, precisaoMetros, dataHora, bateria, mensagem, telefone, foto, expiraEm } = v;
  if (
    !texto(descricao) ||
    !ouNulo(numero)(latitude) ||
    !ouNulo(numero)(longitude) ||
    !ouNulo(numero)(precisaoMetros) ||
    !ouNulo(texto)(dataHora) ||
    !ouNulo(inteiro)(bateria) ||
    !ouNulo(texto)(mensagem) ||
    !ouNulo(texto)(telefone) ||
    !ouNulo(texto)(foto) ||
    !texto(expiraEm)
  )
    return null;
  const rastro: LinkPublico['rastro'] = [];
  for (const p of v.rastro as unknown[]) {
    const lido = ponto(p);
    if (!lido) return null;
    rastro.push(lido);
  }
  return { descricao, latitude, longitude, precisaoMetros, dataHora, bateria, mensagem, telefone, foto, expiraEm, rastro };
}

/** A 'posicao' message of the live stream, or null when it is not one. */
export function lerPosicao(v: unknown): LocalizacaoPublica | null {
  if (!objeto(v)) return null;
  const { latitude, longitude, precisaoMetros, dataHora, bateria } = v;
  if (!numero(latitude) || !numero(longitude) || !ouNulo(numero)(precisaoMetros) || !texto(dataHora) || !ouNulo(inteiro)(bateria))
    return null;
  return { latitude, longitude, precisaoMetros, dataHora, bateria };
}

/** The map's tiles from GET /api/config (appConfigSchema's `mapa`), or null. */
export function lerCamadaBase(v: unknown): { tileUrl: string; attribution: string } | null {
  const mapa = objeto(v) ? v.mapa : null;
  if (!objeto(mapa) || !texto(mapa.tileUrl) || !texto(mapa.attribution)) return null;
  return { tileUrl: mapa.tileUrl, attribution: mapa.attribution };
}
