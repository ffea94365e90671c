import type { Page } from '@rastro/shared/schemas/common';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';

export const meuRastreador = (over: Partial<MeuRastreador> = {}): MeuRastreador => ({
  id: 4,
  rastreadorId: 11,
  imei: '359339075123456',
  descricao: 'COLEIRA DO REX',
  intervaloLocalizacao: 5,
  bateria: 80,
  nivelSinal: 70,
  dataCadastro: '2025-03-01T12:00:00.000Z',
  ultimaComunicacao: '2025-03-02T12:00:00.000Z',
  situacao: 'ATIVO',
  situacaoDescricao: 'Ativo',
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  economiaBateria: 'F',
  ultraEconomiaBateria: 'F',
  periUltraEconBateria: 60,
  modoPerdido: null,
  compartilhadoPor: null,
  ...over,
});

export const pagina = <T>(content: T[], totalElements = content.length): Page<T> => ({
  content,
  number: 0,
  size: 10,
  totalElements,
  totalPages: Math.max(1, Math.ceil(totalElements / 10)),
  first: true,
  last: totalElements <= 10,
  numberOfElements: content.length,
});

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */
export const LENTO = { timeout: 5000 };
