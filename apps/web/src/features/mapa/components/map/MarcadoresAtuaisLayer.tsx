import L from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useAjustarMapa } from '@/components/map/ajuste';
import { useMapa } from '@/components/map/map-context';
import { novoConteudoPopup, PopupPortal } from '@/components/map/PopupPortal';
import { COR_ROTA, iconeRastreador } from './icones';
import { MarcadorPopup, textoForaDeZonas } from './MarcadorPopup';

interface Camadas {
  marcador: L.Marker;
  /** WIFI/LBS positions are approximate: a circle of their accuracy. */
  precisao: L.Circle | null;
  energia: Marcador['situacaoEnergia'];
  /** The marker's name as announced (with the zones it is outside of). */
  rotulo: string;
}

/** A request to centre on a pet. Each request is a new object, so the same pet can be asked for twice. */
export interface Foco {
  rastreadorId: number;
}

interface MarcadoresAtuaisLayerProps {
  marcadores: readonly Marcador[];
  /** Changes on each search: the map then fits the markers. */
  ajuste: number;
  /** The height of what covers the map's bottom when it fits the markers (the phone's sheet). */
  folgaInferior?: () => number;
  /** Pixels at the map's top covered by controls (the phone's 'Filtros'): an info window opens below them. */
  folgaSuperior?: number;
  /** The pet to centre on, with its info window open, once it is among the markers. */
  foco?: Foco | null;
  onDesligar: (m: Marcador) => void;
  desligando: boolean;
  /** More actions of a pet, shown in its info window (lost-pet mode, share link). */
  acoes?: (m: Marcador) => ReactNode;
}

/** How close a focused pet is shown (a street and its surroundings). */
const ZOOM_FOCO = 16;

const latLng = (m: Marcador): L.LatLngTuple => [m.position.lat, m.position.lng];

/** The marker's title and accessible name: 'REX', 'REX, fora da zona CASA', 'REX, em modo perdido'. */
const rotuloDe = (m: Marcador) =>
  [
    m.name,
    ...(m.modoPerdido ? ['em modo perdido'] : []),
    ...(m.foraDeZonas.length > 0 ? [textoForaDeZonas(m.foraDeZonas).replace(/^F/, 'f')] : []),
  ].join(', ');
const icone = (m: Marcador) => iconeRastreador(m.situacaoEnergia, m.foraDeZonas.length > 0, m.modoPerdido !== null);

function sincronizarPrecisao(grupo: L.LayerGroup, c: Camadas, m: Marcador) {
  const raio = m.tipo !== 'GPS' && m.precisao !== null && m.precisao > 0 ? m.precisao : null;
  if (raio === null) {
    c.precisao?.remove();
    c.precisao = null;
  } else if (c.precisao) {
    c.precisao.setLatLng(latLng(m)).setRadius(raio);
  } else {
    c.precisao = L.circle(latLng(m), { radius: raio, color: COR_ROTA, weight: 1, fillOpacity: 0.1, interactive: false }).addTo(grupo);
  }
}

/**
 * The latest position of each tracker. Markers are kept by tracker and moved in place when
 * the data changes (live updates), so an open info window stays open and follows.
 */
export function MarcadoresAtuaisLayer({
  marcadores,
  ajuste,
  folgaInferior,
  folgaSuperior = 0,
  foco = null,
  onDesligar,
  desligando,
  acoes,
}: MarcadoresAtuaisLayerProps) {
  const map = useMapa();
  const [grupo] = useState(() => L.layerGroup());
  const camadas = useRef(new Map<number, Camadas>());
  const [aberto, setAberto] = useState<{ id: number; popup: L.Popup } | null>(null);

  useEffect(() => {
    const atuais = camadas.current;
    grupo.addTo(map);
    return () => {
      grupo.clearLayers();
      grupo.remove();
      atuais.clear();
    };
  }, [map, grupo]);

  useEffect(() => {
    const atuais = camadas.current;
    const vistos = new Set<number>();
    for (const m of marcadores) {
      const id = m.usuarioRastreadorId;
      vistos.add(id);
      const rotulo = rotuloDe(m);
      let c = atuais.get(id);
      if (c) {
        c.marcador.setLatLng(latLng(m));
        if (c.energia !== m.situacaoEnergia || c.rotulo !== rotulo) {
          c.marcador.setIcon(icone(m));
          // A divIcon keeps its element, and with it the old title.
          c.marcador.options.title = rotulo;
          c.marcador.getElement()?.setAttribute('title', rotulo);
        }
        c.energia = m.situacaoEnergia;
        c.rotulo = rotulo;
      } else {
        const marcador = L.marker(latLng(m), {
          icon: icone(m),
          title: rotulo,
          alt: rotulo,
          keyboard: true,
          riseOnHover: true,
        });
        marcador.bindPopup(novoConteudoPopup(), {
          minWidth: 220,
          maxWidth: 320,
          autoPanPaddingTopLeft: L.point(10, folgaSuperior + 10),
        });
        marcador.on('popupopen', (e: L.PopupEvent) => setAberto({ id, popup: e.popup }));
        marcador.on('popupclose', () => setAberto((a) => (a?.id === id ? null : a)));
        marcador.addTo(grupo);
        c = { marcador, precisao: null, energia: m.situacaoEnergia, rotulo };
        atuais.set(id, c);
      }
      sincronizarPrecisao(grupo, c, m);
    }
    for (const [id, c] of atuais) {
      if (vistos.has(id)) continue;
      c.marcador.closePopup();
      c.marcador.remove();
      c.precisao?.remove();
      atuais.delete(id);
    }
  }, [marcadores, grupo, folgaSuperior]);

  const pontos = useMemo(() => marcadores.map(latLng), [marcadores]);
  useAjustarMapa(map, pontos, ajuste, folgaInferior);

  // After the fit above (same commit): the focused pet wins, once per request, not on each live update.
  const focado = useRef<Foco | null>(null);
  useEffect(() => {
    if (foco === null || focado.current === foco) return;
    const m = marcadores.find((x) => x.rastreadorId === foco.rastreadorId);
    const c = m && camadas.current.get(m.usuarioRastreadorId);
    if (!m || !c) return;
    focado.current = foco;
    map.setView(latLng(m), Math.max(map.getZoom(), ZOOM_FOCO), { animate: false });
    c.marcador.openPopup();
  }, [map, marcadores, foco]);

  const marcadorAberto = aberto && marcadores.find((m) => m.usuarioRastreadorId === aberto.id);
  if (!aberto || !marcadorAberto) return null;
  return (
    <PopupPortal popup={aberto.popup}>
      <MarcadorPopup
        marcador={marcadorAberto}
        // A co-guardian may not turn the tracker off (the API would answer 403).
        onDesligar={marcadorAberto.compartilhadoPor === null ? () => onDesligar(marcadorAberto) : undefined}
        desligando={desligando}
        acoes={acoes?.(marcadorAberto)}
      />
    </PopupPortal>
  );
}
