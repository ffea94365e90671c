import L from 'leaflet';

/**
 * A round pin drawn as a divIcon (no image assets, so nothing depends on the bundler's file
 * names): `cor` fills it, `letra` goes inside, `borda` rings it.
 */
export function pino(cor: string, letra = '', tamanho = 22, borda = '#fff'): L.DivIcon {
  const estilo = [
    `width:${tamanho}px`,
    `height:${tamanho}px`,
    'border-radius:50%',
    `background:${cor}`,
    `border:3px solid ${borda}`,
    'box-shadow:0 1px 4px rgba(0,0,0,.5)',
    'box-sizing:border-box',
    'color:#fff',
    'font:bold 11px/16px sans-serif',
    'text-align:center',
    'display:block',
  ].join(';');
  return L.divIcon({
    className: 'rastro-pino',
    html: `<span aria-hidden="true" style="${estilo}">${letra}</span>`,
    iconSize: [tamanho, tamanho],
    iconAnchor: [tamanho / 2, tamanho / 2],
    popupAnchor: [0, -tamanho / 2],
  });
}
