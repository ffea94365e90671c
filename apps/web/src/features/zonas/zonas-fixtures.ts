import type { Marcador } from '@rastro/shared/schemas/mapa';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import type { EventoZona, Zona } from '@rastro/shared/schemas/zonas';
import { pagina, meuRastreador as umRastreador } from '@/testing/fixtures';

export { pagina };

/** Test data of the safe-zone screens. */

export const zona = (over: Partial<Zona> = {}): Zona => ({
  id: 5,
  nome: 'CASA',
  tipo: 'CIRCULO',
  latitude: -23.5614,
  longitude: -46.6559,
  raioMetros: 150,
  pontos: [],
  rastreadorIds: [70],
  alertarSaida: true,
  alertarEntrada: false,
  dataCadastro: '2025-03-01T12:00:00.000Z',
  dataAtualizacao: '2025-03-01T12:00:00.000Z',
  ...over,
});

export const poligono = (over: Partial<Zona> = {}): Zona =>
  zona({
    id: 6,
    nome: 'PARQUE',
    tipo: 'POLIGONO',
    latitude: null,
    longitude: null,
    raioMetros: null,
    pontos: [
      { latitude: -23.58, longitude: -46.66 },
      { latitude: -23.58, longitude: -46.65 },
      { latitude: -23.59, longitude: -46.65 },
      { latitude: -23.59, longitude: -46.66 },
      { latitude: -23.585, longitude: -46.667 },
    ],
    rastreadorIds: [70, 80],
    alertarEntrada: true,
    ...over,
  });

export const evento = (over: Partial<EventoZona> = {}): EventoZona => ({
  id: 1,
  zonaId: 5,
  zona: 'CASA',
  rastreadorId: 70,
  descricao: 'THOR',
  tipo: 'SAIDA',
  dataHora: '2025-03-10T17:32:00.000Z',
  latitude: -23.5601234,
  longitude: -46.65,
  ...over,
});

const meuRastreador = (id: number, rastreadorId: number, descricao: string): MeuRastreador =>
  umRastreador({ id, rastreadorId, imei: `35933907512345${id}`, descricao });

/** The owner's trackers: THOR (link 7, tracker 70) and REX (link 8, tracker 80). */
export const meusRastreadores = pagina([meuRastreador(7, 70, 'THOR'), meuRastreador(8, 80, 'REX')], 2, 100);

/** Where THOR is now. */
export const localizacaoThor: Marcador = {
  id: 7,
  rastreadorId: 70,
  usuarioRastreadorId: 7,
  name: 'THOR',
  position: { lat: -23.5614, lng: -46.6559 },
  bateria: 80,
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  desligar: true,
  dataHora: '2025-03-10T13:00:00.000Z',
  tipo: 'GPS',
  precisao: null,
  velocidade: 3,
  foraDeZonas: [],
  dentroDeZonas: [],
  compartilhadoPor: null,
  modoPerdido: null,
  foto: null,
};
