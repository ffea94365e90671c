import L from 'leaflet';

/** A route dot's radius and the white ring around it, in pixels. */
export const RAIO_DO_PONTO = 4;
const ANEL = 1;
/** A finger is less precise than a mouse: on a phone a tap this far outside a dot still opens it. */
const FOLGA_DO_TOQUE = 6;

interface Ponto {
  x: number;
  y: number;
}

/** The topmost dot (the latest: drawn last) within `alcance` pixels of `p`, or null. */
export function pontoSob(pontos: readonly Ponto[], p: Ponto, alcance: number): number | null {
  const limite = alcance * alcance;
  for (let i = pontos.length - 1; i >= 0; i--) {
    const q = pontos[i];
    if (!q) continue;
    const dx = q.x - p.x;
    const dy = q.y - p.y;
    if (dx * dx + dy * dy <= limite) return i;
  }
  return null;
}

/** The renderer's internals a path layer of Leaflet 1.9 draws through (L.Canvas and L.SVG). */
interface Desenhista {
  _ctx?: CanvasRenderingContext2D;
  _drawing?: boolean;
  _redrawBounds?: L.Bounds | null;
  _setPath?: (camada: L.Path, d: string) => void;
}

/**
 * Every dot of a route as one layer, instead of one circle marker per position: 10,000 circle
 * markers cost Leaflet 10,000 layers to add, project and paint as paths one by one (bench/web's
 * `web.map_10k_draw`); this is one layer that paints them all in one go. The dots look as circle
 * markers did (filled, a white ring, the later on top), and a click reports the dot under it ({@link PontosDaRota.indiceEm}). Leaflet 1.9 calls `_project`, `_update`, `_updatePath`,
 * `_containsPoint` and `_empty` as it does for its own paths.
 */
export class PontosDaRota extends L.Path {
  private pixels: L.Point[] = [];
  /** Read by L.Canvas to know which part of the map to redraw. */
  _pxBounds?: L.Bounds;

  constructor(
    private readonly latLngs: readonly L.LatLngExpression[],
    cor: string,
  ) {
    super();
    L.setOptions(this, {
      color: '#fff',
      weight: ANEL,
      opacity: 1,
      fill: true,
      fillColor: cor,
      fillOpacity: 1,
      fillRule: 'nonzero',
    });
  }

  /** The position whose dot is at `p` (a layer point, as in a Leaflet mouse event), or null. */
  indiceEm(p: L.Point): number | null {
    return pontoSob(this.pixels, p, RAIO_DO_PONTO + ANEL + (L.Browser.mobile ? FOLGA_DO_TOQUE : 0));
  }

  private get desenhista(): Desenhista {
    return (this as unknown as { _renderer: Desenhista })._renderer;
  }

  private get mapa(): L.Map | undefined {
    return (this as unknown as { _map?: L.Map })._map;
  }

  _project(): void {
    const mapa = this.mapa;
    if (!mapa) return;
    this.pixels = this.latLngs.map((ll) => mapa.latLngToLayerPoint(ll));
    const limites = this.pixels.length > 0 ? L.bounds(this.pixels) : undefined;
    const m = RAIO_DO_PONTO + ANEL + 1;
    this._pxBounds = limites?.min && limites.max ? L.bounds(limites.min.subtract([m, m]), limites.max.add([m, m])) : undefined;
  }

  _update(): void {
    if (this.mapa) this._updatePath();
  }

  _updatePath(): void {
    const d = this.desenhista;
    if (d._ctx) {
      if (d._drawing) this.pintar(d._ctx, d._redrawBounds ?? null);
    } else d._setPath?.(this, this.caminhoSvg());
  }

  _containsPoint(p: L.Point): boolean {
    return this.indiceEm(p) !== null;
  }

  _empty(): boolean {
    return this.pixels.length === 0;
  }

  _updateBounds(): void {
    this._project();
  }

  /** Only the dots in the part being redrawn, each filled and ringed as a circle marker is. */
  private pintar(ctx: CanvasRenderingContext2D, area: L.Bounds | null) {
    const m = RAIO_DO_PONTO + ANEL + 1;
    const min = area?.min;
    const max = area?.max;
    const o = this.options;
    ctx.globalAlpha = 1;
    ctx.fillStyle = o.fillColor ?? '';
    ctx.strokeStyle = o.color ?? '#fff';
    ctx.lineWidth = o.weight ?? ANEL;
    for (const p of this.pixels) {
      if (min && max && (p.x < min.x - m || p.x > max.x + m || p.y < min.y - m || p.y > max.y + m)) continue;
      ctx.beginPath();
      ctx.arc(p.x, p.y, RAIO_DO_PONTO, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  }

  /** Without a canvas (SVG): one path of circles. */
  private caminhoSvg(): string {
    const r = RAIO_DO_PONTO;
    return this.pixels.map((p) => `M${p.x - r},${p.y}a${r},${r} 0 1,0 ${2 * r},0a${r},${r} 0 1,0 ${-2 * r},0`).join('') || 'M0 0';
  }
}
