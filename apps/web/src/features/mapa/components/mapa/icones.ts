import type L from 'leaflet';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { pino, pinoPet, type EstadoPino, type PinoPet } from '@/components/map/pino';
import { corDoPet, inicialDoPet } from '@/components/pet/cor';

/** What of a marker its icon shows (the map's preview reads only this from the kept markers: src/previa). */
export type AparenciaDoMarcador = Pick<Marcador, 'rastreadorId' | 'name' | 'foto' | 'foraDeZonas' | 'situacaoEnergia'> & {
  modoPerdido: Marcador['modoPerdido'] | boolean;
};

/** What a pet's marker shows, from what the map knows of it: lost beats outside a zone beats the power state. */
export function pinoDoMarcador(m: AparenciaDoMarcador): PinoPet {
  const estado: EstadoPino = m.modoPerdido
    ? 'perdido'
    : m.foraDeZonas.length > 0
      ? 'fora'
      : m.situacaoEnergia === 'DESLIGADO'
        ? 'desligado'
        : m.situacaoEnergia === 'AGUARDANDO_DESLIGAMENTO'
          ? 'aguardando'
          : 'normal';
  return { nome: m.name, cor: corDoPet(m.rastreadorId), inicial: inicialDoPet(m.name), foto: m.foto, estado };
}

/** A key of everything the icon draws: the same key, the same icon. */
export const chaveDoPino = (p: PinoPet): string => JSON.stringify([p.nome, p.cor, p.foto, p.estado]);

/** Enough for every pet in every state a session sees; past it the cache starts over. */
const MAXIMO_EM_CACHE = 2000;
const cache = new Map<string, L.DivIcon>();

/**
 * The icon of a pet's marker, built once per look (name, colour, photo, state) and shared: a live
 * update that only moves a pet builds nothing, and 10,000 markers in the same state share one icon.
 */
export function iconeDoPet(p: PinoPet, chave = chaveDoPino(p)): L.DivIcon {
  let icone = cache.get(chave);
  if (!icone) {
    if (cache.size >= MAXIMO_EM_CACHE) cache.clear();
    icone = pinoPet(p);
    cache.set(chave, icone);
  }
  return icone;
}

const TAMANHO_PONTA = 26;
export const iconeInicio = pino('#2e7d32', 'I', TAMANHO_PONTA);
export const iconeFim = pino('#d32f2f', 'F', TAMANHO_PONTA);
/**
 * The start's icon beside the end's, to its left, for a route that ends where it began (or near):
 * drawn on the point, the end would hide it. The dot of the route's first position stays on the point.
 */
export const iconeInicioAoLado = (() => {
  const icone = pino('#2e7d32', 'I', TAMANHO_PONTA);
  icone.options.iconAnchor = [TAMANHO_PONTA * 1.5 + 2, TAMANHO_PONTA / 2];
  icone.options.popupAnchor = [-(TAMANHO_PONTA + 2), -TAMANHO_PONTA / 2];
  return icone;
})();
/** Start and end closer than this on screen (pixels) would overlap. */
export const DISTANCIA_MINIMA_PONTAS = TAMANHO_PONTA + 4;
/** The route and its points. */
export const COR_ROTA = '#1976d2';
