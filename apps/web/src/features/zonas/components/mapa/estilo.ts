import type L from 'leaflet';

/** Safe zones are green on every map. */
export const COR_ZONA = '#2e7d32';

/** A zone shown under the markers: a light fill that leaves the map readable. */
export const ESTILO_ZONA: L.PathOptions = { color: COR_ZONA, weight: 2, opacity: 0.7, fillColor: COR_ZONA, fillOpacity: 0.08 };
