import { DADOS_LOCAIS_DO_USUARIO } from '@/lib/dados-locais';

/**
 * The owner's map as it last looked: where it was centred, its zoom, where its box sat in the window
 * and which tiles it drew. Kept beside the markers (marcadores-guardados.ts) so that a repeat visit
 * draws the same map with the kept markers before the app's code has run (src/previa; ADR 0023).
 * One user's, like the markers; only positions on the screen and the tiles' address — no token.
 * Read by hand, not by zod: the preview reads it before any of the app's code is there.
 */
const CHAVE = DADOS_LOCAIS_DO_USUARIO.vistaDoMapa;
/** Bumped when the stored shape changes: older entries are ignored. */
const VERSAO = 1;

export interface Retangulo {
  x: number;
  y: number;
  largura: number;
  altura: number;
}

export interface VistaGuardada {
  dono: string;
  centro: [number, number];
  zoom: number;
  /** The map's box in the window (CSS pixels), and the window it was measured in. */
  caixa: Retangulo;
  janela: { largura: number; altura: number };
  /** The base map's tiles (GET /api/config), or null when the map drew none. */
  camada: { tileUrl: string; attribution: string } | null;
}

const numero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const objeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function lerCamada(v: unknown): VistaGuardada['camada'] | undefined {
  if (v === null) return null;
  if (!objeto(v) || typeof v.tileUrl !== 'string' || typeof v.attribution !== 'string') return undefined;
  return { tileUrl: v.tileUrl, attribution: v.attribution };
}

/** The view `dono` left the map in, if it was drawn in a window of this size (else the boxes would not match). */
export function lerVista(dono: string | null, janela: { largura: number; altura: number }): VistaGuardada | null {
  if (dono === null) return null;
  let v: unknown;
  try {
    v = JSON.parse(window.localStorage.getItem(CHAVE) ?? 'null');
  } catch {
    return null;
  }
  if (!objeto(v) || v.versao !== VERSAO || v.dono !== dono) return null;
  const { centro, zoom, caixa, janela: j } = v;
  if (!Array.isArray(centro) || centro.length !== 2 || !numero(centro[0]) || !numero(centro[1]) || !numero(zoom)) return null;
  if (Math.abs(centro[0]) > 90 || Math.abs(centro[1]) > 180 || zoom < 0 || zoom > 22) return null;
  if (!objeto(caixa) || !numero(caixa.x) || !numero(caixa.y) || !numero(caixa.largura) || !numero(caixa.altura)) return null;
  if (caixa.largura <= 0 || caixa.altura <= 0) return null;
  if (!objeto(j) || j.largura !== janela.largura || j.altura !== janela.altura) return null;
  const camada = lerCamada(v.camada);
  if (camada === undefined) return null;
  return {
    dono,
    centro: [centro[0], centro[1]],
    zoom,
    caixa: { x: caixa.x, y: caixa.y, largura: caixa.largura, altura: caixa.altura },
    janela: { ...janela },
    camada,
  };
}

export function guardarVista(vista: VistaGuardada) {
  try {
    window.localStorage.setItem(CHAVE, JSON.stringify({ versao: VERSAO, ...vista }));
  } catch {
    // Storage full or unavailable: the next visit waits for the app, as before.
  }
}
