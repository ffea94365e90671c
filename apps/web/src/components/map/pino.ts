import L from 'leaflet';
import './pino-pet.css';

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

/** Text for HTML built as a string (a divIcon's): a pet named 'Thor & <Cia>' stays text. */
export const escaparHtml = (texto: string): string => texto.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type EstadoPino = 'normal' | 'fora' | 'aguardando' | 'desligado' | 'perdido';

export interface PinoPet {
  nome: string;
  /** The pet's colour (corDoPet) and initial (inicialDoPet), shown when there is no photo or it fails to load. */
  cor: string;
  inicial: string;
  foto: string | null;
  /** How its ring reads; 'fora' and 'perdido' also carry a red '!'. */
  estado: EstadoPino;
}

/** The face's diameter in pixels: a lost pet's is bigger. */
export const TAMANHO_PINO_PET = { normal: 36, perdido: 44 } as const;

/**
 * A pet as a map marker (divIcon, styled by pino-pet.css): its photo over its initial on its colour
 * (a photo that fails to load leaves the initial), the state's ring and badge, and its name below.
 * The content is hidden from assistive technology: the marker's title names the pet and its state.
 */
export function pinoPet({ nome, cor, inicial, foto, estado }: PinoPet): L.DivIcon {
  const tamanho = estado === 'perdido' ? TAMANHO_PINO_PET.perdido : TAMANHO_PINO_PET.normal;
  const imagem = foto === null ? '' : `<img class="rastro-pet__foto" src="${escaparHtml(foto)}" alt="" draggable="false">`;
  const alerta = estado === 'fora' || estado === 'perdido' ? '<span class="rastro-pet__alerta" aria-hidden="true">!</span>' : '';
  return L.divIcon({
    className: `rastro-pet${estado === 'normal' ? '' : ` rastro-pet--${estado}`}`,
    html:
      `<span class="rastro-pet__rosto" style="background:${escaparHtml(cor)}" aria-hidden="true">${escaparHtml(inicial)}${imagem}</span>` +
      `${alerta}<span class="rastro-pet__nome" aria-hidden="true">${escaparHtml(nome)}</span>`,
    iconSize: [tamanho, tamanho],
    iconAnchor: [tamanho / 2, tamanho / 2],
    popupAnchor: [0, -tamanho / 2],
  });
}
