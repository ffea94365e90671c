import type L from 'leaflet';
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** A DOM element as a popup's content: React fills it through a portal (no HTML strings). */
export const novoConteudoPopup = () => document.createElement('div');

/**
 * Renders React content into an open Leaflet popup (whose content is an element from
 * novoConteudoPopup) and lets Leaflet re-measure it after every render.
 */
export function PopupPortal({ popup, children }: { popup: L.Popup; children: ReactNode }) {
  useEffect(() => {
    popup.update();
  });
  const el = popup.getContent();
  return el instanceof HTMLElement ? createPortal(children, el) : null;
}
