import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import type { LocalizacaoPublica } from '@rastro/shared/schemas/links';
import { formatarDataHora } from './formato';
import { lerCamadaBase } from './ler';

/**
 * The share page's map (Leaflet), loaded after the page's text is on screen (main.ts): Leaflet's
 * code and the drawing run in tasks of their own, each short, never before the first paint
 * (docs/adr/0020-o-que-roda-antes-da-primeira-pintura.md).
 */
export interface MapaPublico {
  /** The pet's trail and where it is now; `centralizar` moves the map to it, else only when it left the view. */
  desenhar(rota: readonly L.LatLngTuple[], atual: LocalizacaoPublica | null, centralizar: boolean): void;
}

/** The rest of the task queue runs first (input, paint): the next step is a task of its own. */
export const ceder = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function camadaBase(mapa: L.Map) {
  // Without tiles the pet's position and trail still show.
  const c = lerCamadaBase(
    await fetch('/api/config')
      .then(
        (r) => r.json(),
        () => null,
      )
      .catch(() => null),
  );
  if (c) L.tileLayer(c.tileUrl, { attribution: c.attribution, maxZoom: 19 }).addTo(mapa);
}

export async function criarMapa(caixa: HTMLElement, descricao: string): Promise<MapaPublico> {
  const mapa = L.map(caixa, { zoomControl: false, center: [-23.5505, -46.6333], zoom: 15 });
  L.control.zoom({ zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(mapa);
  void camadaBase(mapa);
  await ceder();
  let linha: L.Polyline | undefined;
  let marcador: L.CircleMarker | undefined;
  let precisao: L.Circle | undefined;
  return {
    desenhar(rota, atual, centralizar) {
      if (linha) linha.setLatLngs([...rota]);
      else linha = L.polyline([...rota], { color: '#b71c1c', weight: 4, opacity: 0.7 }).addTo(mapa);
      if (!atual) {
        if (centralizar && rota.length > 0) mapa.fitBounds(linha.getBounds(), { padding: [24, 24] });
        return;
      }
      const p: L.LatLngTuple = [atual.latitude, atual.longitude];
      const titulo = `${descricao}, ${formatarDataHora(atual.dataHora)}`;
      if (!marcador) {
        marcador = L.circleMarker(p, { radius: 9, color: '#fff', weight: 3, fillColor: '#b71c1c', fillOpacity: 1 }).addTo(mapa);
        marcador.bindTooltip(titulo);
      } else {
        marcador.setLatLng(p).setTooltipContent(titulo);
      }
      const raio = atual.precisaoMetros;
      if (raio !== null && raio > 0) {
        if (precisao) precisao.setLatLng(p).setRadius(raio);
        else precisao = L.circle(p, { radius: raio, color: '#b71c1c', weight: 1, fillOpacity: 0.12, interactive: false }).addTo(mapa);
      }
      if (centralizar) mapa.setView(p, Math.max(mapa.getZoom(), 16));
      else if (!mapa.getBounds().contains(p)) mapa.panTo(p);
    },
  };
}
