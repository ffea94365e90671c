import { vi } from 'vitest';
import { FakeWebSocket } from './fake-websocket';

/** Setup and helpers of the tests of screens with a map (Mapa GPS, safe zones). */

/** The lazy map chunk (Leaflet, MUI) takes a while on a cold runner. */
export const LENTO = { timeout: 8000 };

/**
 * The test DOM has no layout (the map's box gets a size) and no server behind /api/socket (the
 * live channel gets a fake socket). Without a canvas the map draws with SVG.
 */
export function prepararMapa() {
  // No layout either: the map's box gets a size, or Leaflet's pointer maths yields NaN.
  const tamanho = (medida: number) =>
    function (this: Element) {
      return this.classList.contains('leaflet-container') ? medida : 0;
    };
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(tamanho(800));
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(tamanho(480));
  // Leaflet keeps the page's scroll when the map takes the focus.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  FakeWebSocket.reiniciar();
  vi.stubGlobal('WebSocket', FakeWebSocket);
}

/** A paragraph of the info window, e.g. 'Latitude: -23.5'. */
export const linha = (texto: string) => (_: string, el: Element | null) => el?.tagName === 'P' && el.textContent === texto;

/**
 * The test DOM's clicks carry no pointer type, so Leaflet takes two clicks inside the map less
 * than 200 ms apart for a touch double tap and fires a dblclick the test DOM cannot place (in
 * happy-dom, Leaflet throws). Wait that long between two clicks inside the map (a real mouse
 * click is never taken for a tap).
 */
export const semToqueDuplo = () => new Promise((r) => setTimeout(r, 250));
