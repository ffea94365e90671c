import L from 'leaflet';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { centralizarNoVisivel, useAjustarMapa, type Folgas } from '@/components/map/ajuste';
import { useMapa } from '@/components/map/map-context';
import { novoConteudoPopup, PopupPortal } from '@/components/map/PopupPortal';
import { chaveDoPino, COR_ROTA, iconeDoPet, pinoDoMarcador } from './icones';
import { MarcadorPopup, textoForaDeZonas } from './MarcadorPopup';

interface Camadas {
  marcador: L.Marker;
  /** WIFI/LBS positions are approximate: a circle of their accuracy. */
  precisao: L.Circle | null;
  /** What its icon draws (chaveDoPino): a live update that only moves the pet keeps the icon. */
  chave: string;
  /** The marker's name as announced (with the zones it is outside of). */
  rotulo: string;
}

/** A request to centre on a pet. Each request is a new object, so the same pet can be asked for twice. */
export interface Foco {
  rastreadorId: number;
  /** Zoom in to a street's scale too (a pet picked from a list or a notification); a tapped marker keeps the zoom. */
  aproximar?: boolean;
}

interface MarcadoresAtuaisLayerProps {
  marcadores: readonly Marcador[];
  /** Changes on each search: the map then fits the markers. */
  ajuste: number;
  /** What covers the map's top and bottom (the phone's buttons, banners and sheet): fits and centring keep clear of it. */
  folgas?: Folgas;
  /** The pet to centre on, with its info window open (or, with `onSelecionar`, in the part of the map nothing covers). */
  foco?: Foco | null;
  /**
   * A tap (or Enter) on a marker picks its pet, instead of opening an info window: the phone shows
   * the pet's card in its sheet, where nothing covers its actions.
   */
  onSelecionar?: (m: Marcador) => void;
  /** The pet picked (rastreadorId): its marker is drawn over the others and ringed. */
  selecionado?: number | null;
  onDesligar: (m: Marcador) => void;
  desligando: boolean;
  /** More actions of a pet, shown in its info window (lost-pet mode, share link). */
  acoes?: (m: Marcador) => ReactNode;
}

const Z_SELECIONADO = 2000;
const SELECIONADO = 'rastro-pet--selecionado';
const Z_PERDIDO = 1000;

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
  folgas,
  foco = null,
  onSelecionar,
  selecionado = null,
  onDesligar,
  desligando,
  acoes,
}: MarcadoresAtuaisLayerProps) {
  const map = useMapa();
  const [grupo] = useState(() => L.layerGroup());
  const camadas = useRef(new Map<number, Camadas>());
  const [aberto, setAberto] = useState<{ id: number; popup: L.Popup } | null>(null);
  // Read once, when the layer mounts (a phone's map and a desktop's are different screens): pick, or info windows.
  const [selecao] = useState(onSelecionar !== undefined);
  const selecionar = useRef(onSelecionar);
  useEffect(() => {
    selecionar.current = onSelecionar;
  }, [onSelecionar]);
  const marcadoresAtuais = useRef(marcadores);
  useEffect(() => {
    marcadoresAtuais.current = marcadores;
  }, [marcadores]);

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
      const pino = pinoDoMarcador(m);
      const chave = chaveDoPino(pino);
      let c = atuais.get(id);
      if (c) {
        c.marcador.setLatLng(latLng(m));
        if (c.chave !== chave) c.marcador.setIcon(iconeDoPet(pino, chave));
        if (c.rotulo !== rotulo) {
          // A divIcon keeps its element, and with it the old title.
          c.marcador.options.title = rotulo;
          c.marcador.getElement()?.setAttribute('title', rotulo);
        }
        c.chave = chave;
        c.rotulo = rotulo;
      } else {
        const marcador = L.marker(latLng(m), {
          icon: iconeDoPet(pino, chave),
          title: rotulo,
          alt: rotulo,
          keyboard: true,
          riseOnHover: true,
        });
        if (selecao) {
          // The data of the moment of the tap, not of the marker's creation.
          const escolher = () => {
            const atual = marcadoresAtuais.current.find((x) => x.usuarioRastreadorId === id);
            if (atual) selecionar.current?.(atual);
          };
          marcador.on('click', escolher);
          // Enter on the focused marker, as it opens an info window (Leaflet's keyboard markers).
          marcador.on('keypress', (e: L.LeafletKeyboardEvent) => {
            if (e.originalEvent.key === 'Enter') escolher();
          });
        } else {
          // Clear of the zoom buttons at the map's top left (Leaflet's controls lie over its popups).
          marcador.bindPopup(novoConteudoPopup(), { minWidth: 220, maxWidth: 320, autoPanPaddingTopLeft: L.point(54, 10) });
          marcador.on('popupopen', (e: L.PopupEvent) => setAberto({ id, popup: e.popup }));
          marcador.on('popupclose', () => setAberto((a) => (a?.id === id ? null : a)));
        }
        marcador.addTo(grupo);
        c = { marcador, precisao: null, chave, rotulo };
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
  }, [marcadores, grupo, selecao]);

  // Over the others: the pet picked, then lost pets (the ones to look for). Checked after each update
  // (a new icon resets the class), written only where it changed: a live update of 10,000 pets moves them, nothing more.
  useEffect(() => {
    for (const m of marcadores) {
      const c = camadas.current.get(m.usuarioRastreadorId);
      if (!c) continue;
      const escolhido = m.rastreadorId === selecionado;
      const z = escolhido ? Z_SELECIONADO : m.modoPerdido ? Z_PERDIDO : 0;
      if ((c.marcador.options.zIndexOffset ?? 0) !== z) c.marcador.setZIndexOffset(z);
      const el = c.marcador.getElement();
      if (el && el.classList.contains(SELECIONADO) !== escolhido) el.classList.toggle(SELECIONADO, escolhido);
    }
  }, [marcadores, selecionado]);

  const pontos = useMemo(() => marcadores.map(latLng), [marcadores]);
  useAjustarMapa(map, pontos, ajuste, folgas);

  // After the fit above (same commit): the focused pet wins, once per request, not on each live update.
  const focado = useRef<Foco | null>(null);
  useEffect(() => {
    if (foco === null || focado.current === foco) return;
    const m = marcadores.find((x) => x.rastreadorId === foco.rastreadorId);
    const c = m && camadas.current.get(m.usuarioRastreadorId);
    if (!m || !c) return;
    focado.current = foco;
    const zoom = foco.aproximar === false ? map.getZoom() : Math.max(map.getZoom(), ZOOM_FOCO);
    if (selecao) centralizarNoVisivel(map, latLng(m), zoom, folgas);
    else {
      map.setView(latLng(m), zoom, { animate: false });
      c.marcador.openPopup();
    }
  }, [map, marcadores, foco, selecao, folgas]);

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
