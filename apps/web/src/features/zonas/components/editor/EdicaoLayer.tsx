import L from 'leaflet';
import { useEffect, useRef } from 'react';
import type { Geometria } from '@rastro/shared/geometria';
import { useMapa } from '@/components/map/map-context';
import { configurarGeoman, editar, ESTILO_EDICAO, iniciarDesenho, pararDesenho } from './geoman';
import { camadaEditavel, chaveDaGeometria, geometriaDaCamada } from './geometria-editada';

export interface ProgressoDesenho {
  /** The circle's centre is placed (its border comes next). */
  centro: boolean;
  /** Points of the polygon placed so far. */
  pontos: number;
}

interface EdicaoLayerProps {
  /** The zone as the form holds it; null while it has no complete shape. */
  geometria: Geometria | null;
  /** A shape being drawn, or null. */
  desenho: Geometria['tipo'] | null;
  /** A shape was drawn, or the one on the map was edited (moved, resized, a point dragged, added or removed). */
  onGeometria: (g: Geometria) => void;
  /** Drawing ended: a shape was drawn, or it was cancelled (Escape, Cancelar). */
  onDesenhoTerminado: () => void;
  onProgresso: (p: ProgressoDesenho) => void;
}

/**
 * The zone on the editor's map, editable with geoman by mouse and touch, and the drawing of a new
 * shape. The form is the source of truth: what the map changes goes to the form, and what the
 * form changes (typed coordinates, a radius) redraws the layer and brings it into view.
 */
export function EdicaoLayer({ geometria, desenho, onGeometria, onDesenhoTerminado, onProgresso }: EdicaoLayerProps) {
  const map = useMapa();
  const camada = useRef<L.Circle | L.Polygon | null>(null);
  // The last geometry the map itself produced: the form echoing it back needs no redraw.
  const doMapa = useRef<string | null>(null);
  // Callbacks change every render; the map's listeners read the current ones.
  const avisar = useRef({ onGeometria, onDesenhoTerminado, onProgresso });
  useEffect(() => {
    avisar.current = { onGeometria, onDesenhoTerminado, onProgresso };
  });

  useEffect(() => {
    configurarGeoman(map);
    const criado = (e: { layer: L.Layer }) => {
      // Geoman's layer is plain; the effect below draws the zone's own, editable one.
      e.layer.remove();
      const g = geometriaDaCamada(e.layer);
      if (!g) return;
      doMapa.current = chaveDaGeometria(g);
      avisar.current.onGeometria(g);
    };
    const inicio = (e: { workingLayer: L.Layer }) => {
      const l = e.workingLayer;
      // A polygon is drawn as a line until it closes.
      const contar = () =>
        avisar.current.onProgresso({ centro: false, pontos: l instanceof L.Polyline ? l.getLatLngs().flat().length : 0 });
      avisar.current.onProgresso({ centro: false, pontos: 0 });
      l.on('pm:centerplaced', () => avisar.current.onProgresso({ centro: true, pontos: 0 }));
      l.on('pm:vertexadded pm:vertexremoved', contar);
    };
    const fim = () => avisar.current.onDesenhoTerminado();
    // Leaving the screen removes the map before any effect here is cleaned up: editing must stop
    // while the map still has its renderer (geoman reaches for the canvas as it stops).
    const descarregar = () => camada.current?.pm.disable();
    map.on('pm:create', criado);
    map.on('pm:drawstart', inicio);
    map.on('pm:drawend', fim);
    map.on('unload', descarregar);
    return () => {
      map.off('pm:create', criado);
      map.off('pm:drawstart', inicio);
      map.off('pm:drawend', fim);
      map.off('unload', descarregar);
    };
  }, [map]);

  useEffect(() => {
    if (!desenho) return;
    iniciarDesenho(map, desenho);
    return () => pararDesenho(map);
  }, [map, desenho]);

  const chave = chaveDaGeometria(geometria);
  useEffect(() => {
    // While drawing, the old shape steps aside (a tap on it must place a point, not grab it).
    if (desenho || !geometria) {
      camada.current?.remove();
      camada.current = null;
      return;
    }
    if (camada.current && chave === doMapa.current) return;
    const doProprioMapa = chave === doMapa.current;
    camada.current?.remove();
    const nova = camadaEditavel(geometria, ESTILO_EDICAO).addTo(map);
    camada.current = nova;
    editar(nova);
    nova.on('pm:edit', () => {
      const g = geometriaDaCamada(nova);
      if (!g) return;
      doMapa.current = chaveDaGeometria(g);
      avisar.current.onGeometria(g);
    });
    // Typed coordinates (or a zone opened for editing) are brought into view; what the map drew already is.
    if (!doProprioMapa) map.fitBounds(nova.getBounds(), { padding: [32, 32], maxZoom: 17 });
    doMapa.current = chave;
    // `geometria` is read through its key: the form gives a new object for the same shape.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, chave, desenho]);

  useEffect(
    () => () => {
      camada.current?.remove();
      camada.current = null;
    },
    [],
  );

  return null;
}
