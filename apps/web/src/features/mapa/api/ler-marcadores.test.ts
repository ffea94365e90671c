import { describe, expect, it } from 'vitest';
import { marcadoresSchema } from '@rastro/shared/schemas/mapa';
import { lerMarcadores } from './ler-marcadores';

const historico = {
  id: 901,
  rastreadorId: 7,
  usuarioRastreadorId: 3,
  name: 'Mel',
  position: { lat: -23.55, lng: -46.63 },
  bateria: 80,
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  desligar: true,
  dataHora: '2026-11-28T10:00:00.000Z',
  tipo: 'GPS',
  precisao: null,
  velocidade: 3.5,
  foraDeZonas: [],
  dentroDeZonas: [],
  compartilhadoPor: null,
  modoPerdido: null,
  foto: null,
};
const atual = {
  ...historico,
  bateria: null,
  situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO',
  desligar: false,
  tipo: 'WIFI',
  precisao: 35,
  velocidade: null,
  foraDeZonas: ['Casa'],
  dentroDeZonas: ['Parque', 'Rua'],
  compartilhadoPor: 'Ana',
  modoPerdido: { ativo: true, desde: '2026-11-28T09:00:00.000Z', ate: '2026-11-28T15:00:00.000Z' },
  foto: '/api/usuarios/rastreadores/3/foto?v=2',
};

/** Each a change that makes a marker something else than a Marcador. */
const errados: Record<string, unknown>[] = [
  { id: 1.5 },
  { id: '901' },
  { rastreadorId: null },
  { usuarioRastreadorId: Number.MAX_SAFE_INTEGER + 1 },
  { name: undefined },
  { name: 5 },
  { position: null },
  { position: { lat: -23.5 } },
  { position: { lat: '-23.5', lng: -46.6 } },
  { position: [-23.5, -46.6] },
  { bateria: 80.5 },
  { bateria: '80' },
  { situacaoEnergia: 'LIGADA' },
  { situacaoEnergia: null },
  { situacaoEnergiaDescricao: null },
  { desligar: 'true' },
  { desligar: 1 },
  { dataHora: null },
  { tipo: 'gps' },
  { tipo: undefined },
  { precisao: '35' },
  { velocidade: undefined },
  { foraDeZonas: null },
  { foraDeZonas: [1] },
  { dentroDeZonas: 'Casa' },
  { compartilhadoPor: 3 },
  { modoPerdido: undefined },
  { modoPerdido: { ativo: false, desde: 'a', ate: 'b' } },
  { modoPerdido: { ativo: true, desde: 'a' } },
  { modoPerdido: true },
  { foto: false },
];

describe('the map’s marker reader, held to marcadoresSchema', () => {
  it.each([[[]], [[historico]], [[historico, atual]], [[{ ...atual, campoNovo: 'ignorado', position: { lat: 1, lng: 2, alt: 3 } }]]])(
    'reads a list as the schema does (%#)',
    (corpo) => {
      expect(lerMarcadores(corpo)).toEqual(marcadoresSchema.parse(corpo));
    },
  );

  it.each(errados)('refuses a list the schema refuses: %o', (mudanca) => {
    const corpo = [historico, { ...historico, ...mudanca }];
    expect(marcadoresSchema.safeParse(corpo).success).toBe(false);
    expect(lerMarcadores(corpo)).toBeNull();
  });

  it.each([null, {}, 'Mel', [null], [[historico]]])('refuses what is not a list of markers: %o', (corpo) => {
    expect(marcadoresSchema.safeParse(corpo).success).toBe(false);
    expect(lerMarcadores(corpo)).toBeNull();
  });

  it('gives new objects, as zod does: a change to what it read never reaches the answer', () => {
    const original = structuredClone(atual);
    const [lido] = lerMarcadores([original]) ?? [];
    original.foraDeZonas.push('Outra');
    original.position.lat = 0;
    expect(lido?.foraDeZonas).toEqual(['Casa']);
    expect(lido?.position.lat).toBe(-23.55);
  });
});
