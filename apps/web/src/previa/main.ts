import leafletCss from 'leaflet/dist/leaflet.css?inline';
import pinoCss from '@/components/map/pino-pet.css?inline';
import previaCss from './previa.css?inline';
import L from 'leaflet';
import { lerVista } from '@/features/mapa/api/vista-guardada';
import { iconeDoPet, pinoDoMarcador } from '@/features/mapa/components/mapa/icones';
import { haQuanto } from '@/publico/formato';
import { ENCERRAR_PREVIA, ROTA_DA_PREVIA } from './eventos';
import { donoGuardado, marcadoresGuardados } from './ler';

/**
 * The owner's map before the app's code has run (issue #33; docs/adr/0023-previa-do-mapa.md): on a
 * repeat visit to /user/mapa the page's inline script (vite.config.ts, previaDoMapa) loads this
 * module, which draws the markers kept by the last visit on a Leaflet map with the view and in the
 * box the app's map had, saying how old they are. It only shows: nothing in it can be tapped or
 * read by a screen reader, and the app's own map, drawn underneath, replaces it as soon as it has
 * its markers (ENCERRAR_PREVIA) — or the page turns out not to be the map, or 30 s pass.
 */
const DURACAO_MAXIMA_MS = 30_000;

function mostrar(): (() => void) | null {
  if (location.pathname !== ROTA_DA_PREVIA) return null;
  const dono = donoGuardado();
  const vista = dono === null ? null : lerVista(dono, { largura: window.innerWidth, altura: window.innerHeight });
  const guardados = dono === null ? null : marcadoresGuardados(dono);
  if (!vista || !guardados) return null;

  // The styles as text, in the page at once: an entry loaded by a script has no one to load its CSS files.
  const estilo = document.createElement('style');
  estilo.textContent = leafletCss + pinoCss + previaCss;
  document.head.append(estilo);
  const caixa = document.createElement('div');
  caixa.className = 'rastro-previa';
  caixa.setAttribute('aria-hidden', 'true');
  const { x, y, largura, altura } = vista.caixa;
  // Over the box where the app will draw its map, under its bars and sheets (MUI's app bar is at 1100).
  caixa.style.cssText = `position:fixed;left:${x}px;top:${y}px;width:${largura}px;height:${altura}px;z-index:1050;pointer-events:none`;
  document.body.append(caixa);

  const mapa = L.map(caixa, {
    center: vista.centro,
    zoom: vista.zoom,
    zoomControl: false,
    attributionControl: vista.camada !== null,
    dragging: false,
    touchZoom: false,
    scrollWheelZoom: false,
    doubleClickZoom: false,
    boxZoom: false,
    keyboard: false,
    fadeAnimation: false,
    zoomAnimation: false,
  });
  if (vista.camada) L.tileLayer(vista.camada.tileUrl, { attribution: vista.camada.attribution, maxZoom: 19 }).addTo(mapa);
  for (const m of guardados.marcadores)
    L.marker([m.lat, m.lng], { icon: iconeDoPet(pinoDoMarcador(m)), interactive: false, keyboard: false }).addTo(mapa);

  const ha = haQuanto(new Date(guardados.salvoEm).toISOString());
  const idade = document.createElement('div');
  idade.className = 'rastro-previa__idade';
  idade.textContent = `Atualizado ${ha === 'agora' ? 'agora há pouco' : ha} · abrindo o mapa…`;
  caixa.append(idade);

  let feito = false;
  return () => {
    if (feito) return;
    feito = true;
    mapa.remove();
    caixa.remove();
    estilo.remove();
  };
}

const encerrar = mostrar();
if (encerrar) {
  window.addEventListener(ENCERRAR_PREVIA, encerrar, { once: true });
  setTimeout(encerrar, DURACAO_MAXIMA_MS);
}
