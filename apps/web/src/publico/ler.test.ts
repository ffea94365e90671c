import { describe, expect, it } from 'vitest';
import { appConfigSchema } from '@rastro/shared/schemas/config';
import { linkPublicoSchema, posicaoPublicaSchema } from '@rastro/shared/schemas/links';
import { lerCamadaBase, lerLink, lerPosicao } from './ler';

const link = {
  descricao: 'Mel',
  latitude: -23.55,
  longitude: -46.63,
  precisaoMetros: 12.5,
  dataHora: '2026-11-28T10:00:00.000Z',
  bateria: 80,
  mensagem: 'Ela é mansa.',
  telefone: '11988887777',
  foto: '/api/publico/links/abc/foto',
  expiraEm: '2026-11-29T10:00:00.000Z',
  rastro: [
    { latitude: -23.551, longitude: -46.631, dataHora: '2026-11-28T09:58:00.000Z' },
    { latitude: -23.55, longitude: -46.63, dataHora: '2026-11-28T10:00:00.000Z' },
  ],
};
const semPosicao = { ...link, latitude: null, longitude: null, precisaoMetros: null, dataHora: null, bateria: null, rastro: [] };
const semExtras = { ...link, mensagem: null, telefone: null, foto: null };

/** Each a change that makes the body something else than a LinkPublico. */
const linksErrados: unknown[] = [
  null,
  [],
  'Mel',
  { ...link, descricao: undefined },
  { ...link, descricao: 1 },
  { ...link, latitude: '-23.5' },
  { ...link, longitude: undefined },
  { ...link, precisaoMetros: 'muito' },
  { ...link, dataHora: 5 },
  { ...link, bateria: 80.5 },
  { ...link, bateria: '80' },
  { ...link, mensagem: undefined },
  { ...link, telefone: 11988887777 },
  { ...link, foto: false },
  { ...link, expiraEm: null },
  { ...link, rastro: null },
  { ...link, rastro: [{ latitude: -23.5, longitude: -46.6 }] },
  { ...link, rastro: [{ latitude: -23.5, longitude: '-46.6', dataHora: '2026-11-28T10:00:00.000Z' }] },
  { ...link, rastro: [null] },
];

const posicao = { latitude: -23.55, longitude: -46.63, precisaoMetros: null, dataHora: '2026-11-28T10:00:00.000Z', bateria: 80 };
const posicoesErradas: unknown[] = [
  null,
  { ...posicao, latitude: null },
  { ...posicao, longitude: '1' },
  { ...posicao, precisaoMetros: undefined },
  { ...posicao, dataHora: null },
  { ...posicao, bateria: 1.5 },
];

describe('the share page’s readers, held to the shared schemas', () => {
  it.each([link, semPosicao, semExtras, { ...link, campoNovo: 'ignorado' }])('read a link as linkPublicoSchema does (%#)', (corpo) => {
    expect(lerLink(corpo)).toEqual(linkPublicoSchema.parse(corpo));
  });

  it.each(linksErrados)('refuse what linkPublicoSchema refuses (%#)', (corpo) => {
    expect(linkPublicoSchema.safeParse(corpo).success).toBe(false);
    expect(lerLink(corpo)).toBeNull();
  });

  it('read a live position as posicaoPublicaSchema does, and refuse what it refuses', () => {
    expect(lerPosicao(posicao)).toEqual(posicaoPublicaSchema.parse(posicao));
    expect(lerPosicao({ ...posicao, precisaoMetros: 8 })).toEqual({ ...posicao, precisaoMetros: 8 });
    for (const p of posicoesErradas) {
      expect(posicaoPublicaSchema.safeParse(p).success).toBe(false);
      expect(lerPosicao(p)).toBeNull();
    }
  });

  it('read the map’s tiles from the app’s configuration', () => {
    const config = appConfigSchema.parse({
      captcha: { provider: 'altcha', challengeUrl: '/api/captcha/desafio' },
      mapa: { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' },
      versao: '1.0.0',
      pagamentos: { ativo: false, automatico: false },
    });
    expect(lerCamadaBase(config)).toEqual(config.mapa);
    expect(lerCamadaBase({ mapa: { tileUrl: 1, attribution: '' } })).toBeNull();
    expect(lerCamadaBase(null)).toBeNull();
  });
});
