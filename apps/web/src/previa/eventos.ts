/**
 * The app tells the map's preview (./main.ts) to go: its own map has drawn its markers, or the page
 * is not the map. An event, not an import: the app's entry must not load the preview (nor Leaflet).
 */
export const ENCERRAR_PREVIA = 'rastro:previa-encerrar';

export const encerrarPrevia = () => window.dispatchEvent(new Event(ENCERRAR_PREVIA));

/** The one page the preview draws. */
export const ROTA_DA_PREVIA = '/user/mapa';
