import L from 'leaflet';
import type { SituacaoEnergia } from '@rastro/shared/dominio';

/** Our own pins (divIcons): no image assets, so nothing depends on the bundler's file names. */
function pino(cor: string, letra = '', tamanho = 22): L.DivIcon {
  const estilo = [
    `width:${tamanho}px`,
    `height:${tamanho}px`,
    'border-radius:50%',
    `background:${cor}`,
    'border:3px solid #fff',
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

const CORES_ENERGIA: Record<SituacaoEnergia, string> = {
  LIGADO: '#1976d2',
  AGUARDANDO_DESLIGAMENTO: '#ed6c02',
  DESLIGADO: '#757575',
};

const porEnergia = Object.fromEntries(Object.entries(CORES_ENERGIA).map(([s, cor]) => [s, pino(cor)])) as Record<
  SituacaoEnergia,
  L.DivIcon
>;

export const iconeRastreador = (s: SituacaoEnergia): L.DivIcon => porEnergia[s];
export const iconeInicio = pino('#2e7d32', 'I', 26);
export const iconeFim = pino('#d32f2f', 'F', 26);
/** The route and its points. */
export const COR_ROTA = '#1976d2';
