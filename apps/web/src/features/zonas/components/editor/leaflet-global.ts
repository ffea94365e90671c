import L from 'leaflet';

// Geoman is a plain script that extends the global `L`. Leaflet's UMD build sets it in a browser;
// set it here too, so it holds wherever the modules run (tests included), before geoman loads.
(globalThis as { L?: typeof L }).L = L;
