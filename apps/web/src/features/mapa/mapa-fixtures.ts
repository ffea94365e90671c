import type { SelectItem } from '@rastro/shared/schemas/common';
import type { Marcador } from '@rastro/shared/schemas/mapa';

/** Test data of the map screen's tests (its setup is in src/testing/mapa.ts). */

export const marcador = (over: Partial<Marcador> = {}): Marcador => ({
  id: 7,
  rastreadorId: 70,
  usuarioRastreadorId: 7,
  name: 'TOTO',
  position: { lat: -23.5, lng: -46.6 },
  bateria: 80,
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  desligar: true,
  dataHora: '2025-03-10T13:00:00.000Z',
  tipo: 'GPS',
  precisao: null,
  velocidade: 12,
  foraDeZonas: [],
  dentroDeZonas: [],
  compartilhadoPor: null,
  modoPerdido: null,
  foto: null,
  ...over,
});

export const rastreadoresSelect: SelectItem[] = [
  { id: 7, text: 'TOTO' },
  { id: 8, text: 'REX' },
];
