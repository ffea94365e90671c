import L from 'leaflet';

/**
 * Whether the browser can draw on a canvas. Long routes (10,000 points) need the canvas
 * renderer; without one (some locked-down browsers, the tests' DOM) Leaflet falls back to SVG.
 */
export const canvasDisponivel = (): boolean => L.Browser.canvas && typeof CanvasRenderingContext2D !== 'undefined';
