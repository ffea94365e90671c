import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useAjustarMapa, type Folgas } from '@/components/map/ajuste';
import { useMapa } from '@/components/map/map-context';
import { novoConteudoPopup, PopupPortal } from '@/components/map/PopupPortal';
import { COR_ROTA, DISTANCIA_MINIMA_PONTAS, iconeFim, iconeInicio, iconeInicioAoLado } from './icones';
import { MarcadorPopup } from './MarcadorPopup';
import { PontosDaRota } from './pontos-da-rota';

interface RotaLayerProps {
  /** The route's positions in time order. */
  pontos: readonly Marcador[];
  ajuste: number;
  /** What covers the map's edges when it fits the route (the phone's buttons, banners and sheet). */
  folgas?: Folgas;
}

/**
 * History mode: the route as a line, a small dot per position (all of them one layer on the
 * canvas, so 10,000 stay fluid: pontos-da-rota.ts), and distinct start and end markers — side by side when the route
 * ends where it began, so the end does not hide the start. One shared info window shows the
 * position clicked.
 */
export function RotaLayer({ pontos, ajuste, folgas }: RotaLayerProps) {
  const map = useMapa();
  const [popup] = useState(() => L.popup({ minWidth: 220, maxWidth: 320 }).setContent(novoConteudoPopup()));
  const [aberto, setAberto] = useState<number | null>(null);
  const latLngs = useMemo(() => pontos.map((p): L.LatLngTuple => [p.position.lat, p.position.lng]), [pontos]);

  useEffect(() => {
    const fechar = () => setAberto(null);
    popup.on('remove', fechar);
    return () => {
      popup.off('remove', fechar);
      popup.remove();
    };
  }, [popup]);

  useEffect(() => {
    if (latLngs.length === 0) return;
    // bench/web times the drawing of a long route from these two marks.
    performance.mark('rastro:rota-recebida');
    const grupo = L.layerGroup();
    const abrir = (i: number) => {
      const p = latLngs[i];
      if (!p) return;
      popup.setLatLng(p).openOn(map);
      setAberto(i);
    };
    L.polyline(latLngs, { color: COR_ROTA, weight: 4, opacity: 0.8, interactive: false }).addTo(grupo);
    const pontosDaRota = new PontosDaRota(latLngs, COR_ROTA);
    pontosDaRota
      .on('click', (e: L.LeafletMouseEvent) => {
        const i = pontosDaRota.indiceEm(e.layerPoint);
        if (i !== null) abrir(i);
      })
      .addTo(grupo);
    const ultimo = latLngs.length - 1;
    const inicio = latLngs[0];
    const fim = latLngs[ultimo];
    const marcadorInicio =
      inicio &&
      L.marker(inicio, { icon: iconeInicio, title: 'Início do trajeto', alt: 'Início do trajeto', keyboard: true, zIndexOffset: 500 })
        .on('click', () => abrir(0))
        .addTo(grupo);
    if (fim && ultimo > 0) {
      L.marker(fim, { icon: iconeFim, title: 'Fim do trajeto', alt: 'Fim do trajeto', keyboard: true, zIndexOffset: 1000 })
        .on('click', () => abrir(ultimo))
        .addTo(grupo);
    }
    // Whether start and end overlap depends on the zoom: checked again after each.
    const separarPontas = () => {
      if (!marcadorInicio || !fim || ultimo === 0) return;
      const juntas = map.latLngToLayerPoint(inicio).distanceTo(map.latLngToLayerPoint(fim)) < DISTANCIA_MINIMA_PONTAS;
      const icone = juntas ? iconeInicioAoLado : iconeInicio;
      if (marcadorInicio.options.icon !== icone) marcadorInicio.setIcon(icone);
    };
    grupo.addTo(map);
    separarPontas();
    map.on('zoomend', separarPontas);
    performance.mark('rastro:rota-desenhada');
    return () => {
      map.off('zoomend', separarPontas);
      map.closePopup(popup);
      grupo.remove();
    };
  }, [map, latLngs, popup]);

  useAjustarMapa(map, latLngs, ajuste, folgas);

  const ponto = aberto === null ? undefined : pontos[aberto];
  if (!ponto) return null;
  return (
    <PopupPortal popup={popup}>
      <MarcadorPopup marcador={ponto} />
    </PopupPortal>
  );
}
