import L from 'leaflet';
import './leaflet-global';
import '@geoman-io/leaflet-geoman-free';
import '@geoman-io/leaflet-geoman-free/dist/leaflet-geoman.css';
import { ZONA } from '@rastro/shared/constants';
import type { Geometria } from '@rastro/shared/geometria';
import { COR_ZONA } from '../mapa/estilo';

/**
 * Leaflet-Geoman (MIT) for drawing and editing a zone. Only this editor's chunk imports it: the
 * login, the entry and the map screen never load it.
 *
 * Opt-in: only what asks for it (`pmIgnore: false`) gets geoman's handlers. Every other map and
 * layer of the app (the 10,000 points of a route) stays exactly as without it.
 */
L.PM.setOptIn(true);

/** The editor's map: the one that draws. */
export const OPCOES_MAPA: L.MapOptions = { pmIgnore: false };

/** A zone being edited: darker than the zones shown around it. */
export const ESTILO_EDICAO: L.PathOptions = { color: COR_ZONA, weight: 3, opacity: 1, fillColor: COR_ZONA, fillOpacity: 0.2 };

/**
 * How a zone is drawn and edited: circles and polygons whose sides never cross, a radius within
 * the limits, vertices large enough for a finger on touch screens (the CSS of ZonaEditorMapa).
 */
type Opcoes = L.PM.GlobalOptions & { resizeableCircle?: boolean };
const OPCOES: Opcoes = {
  allowSelfIntersection: false,
  allowSelfIntersectionEdit: false,
  snappable: false,
  tooltips: true,
  finishOnEnter: true,
  exitModeOnEscape: true,
  minRadiusCircle: ZONA.raioMinMetros,
  maxRadiusCircle: ZONA.raioMaxMetros,
  resizeableCircle: true,
  removeLayerBelowMinVertexCount: false,
  draggable: true,
  pathOptions: ESTILO_EDICAO,
  templineStyle: { color: COR_ZONA },
  hintlineStyle: { color: COR_ZONA, dashArray: '5,5' },
};

export function configurarGeoman(map: L.Map) {
  map.pm.setLang('pt_br');
  map.pm.setGlobalOptions(OPCOES);
}

export const FORMA_GEOMAN = { CIRCULO: 'Circle', POLIGONO: 'Polygon' } as const;

/** Starts drawing a circle or a polygon; geoman fires 'pm:create' with it, then 'pm:drawend'. */
export const iniciarDesenho = (map: L.Map, tipo: Geometria['tipo']) => map.pm.enableDraw(FORMA_GEOMAN[tipo], OPCOES);

export const pararDesenho = (map: L.Map) => map.pm.disableDraw();

/** What the toolbar's own 'Finalizar' and 'Remover último vértice' call (geoman has no public API for them). */
interface DesenhoDePoligono {
  _finishShape?: () => void;
  _removeLastVertex?: () => void;
}
const desenhoDePoligono = (map: L.Map) => map.pm.Draw.Polygon as unknown as DesenhoDePoligono;

/** Closes the polygon being drawn (a click on its first point does the same); geoman refuses crossing sides. */
export const concluirPoligono = (map: L.Map) => desenhoDePoligono(map)._finishShape?.();

/** Takes back the last point of the polygon being drawn. */
export const desfazerPonto = (map: L.Map) => desenhoDePoligono(map)._removeLastVertex?.();

/** Turns on the editing of a zone's layer (made with `pmIgnore: false`): move its points, its centre, its radius. */
export const editar = (camada: L.Circle | L.Polygon) => camada.pm.enable(OPCOES);
