import { TODAS_PERMISSOES } from '@rastro/shared/permissoes';
import type { TokenResponse } from '@rastro/shared/schemas/auth';
import type { Page } from '@rastro/shared/schemas/common';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';

export const adminToken: TokenResponse = {
  access_token: 'token-admin',
  token_type: 'bearer',
  expires_in: 3600,
  usuarioId: 1,
  nome: 'ADMINISTRADOR',
  email: 'admin@rastro.local',
  authorities: [...TODAS_PERMISSOES],
  isClient: false,
};

export const clientToken: TokenResponse = {
  access_token: 'token-cliente',
  token_type: 'bearer',
  expires_in: 3600,
  usuarioId: 2,
  nome: 'MARIA CLIENTE',
  email: 'maria@exemplo.com',
  authorities: [],
  isClient: true,
};

/** One of the owner's trackers as the API answers it (link 4, tracker 11), for every feature's tests. */
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
  foto: null,
  ...over,
});

/** The first page, holding `content`, of `totalElements` rows in pages of `size`, as the paged endpoints answer it. */
export const pagina = <T>(content: T[], totalElements = content.length, size = 10): Page<T> => ({
  content,
  number: 0,
  size,
  totalElements,
  totalPages: Math.max(1, Math.ceil(totalElements / size)),
  first: true,
  last: totalElements <= size,
  numberOfElements: content.length,
});

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */
export const LENTO = { timeout: 5000 };
