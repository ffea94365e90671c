import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { meuRastreador } from '@/testing/fixtures';

/** REX (link 4, tracker 11) as its owner sees it; `compartilhadoPor: 'ANA'` as a co-guardian does. */
export const pet = (over: Partial<MeuRastreador> = {}): MeuRastreador => meuRastreador({ descricao: 'REX', ...over });

/** JOÃO, a guardian since 25/11, and a pending invite to bia@exemplo.com until 02/12 (São Paulo dates). */
export const ativo = (over: Partial<Guardiao> = {}): Guardiao => ({
  id: 51,
  email: 'joao@exemplo.com',
  nome: 'JOÃO',
  situacao: 'ATIVO',
  dataCadastro: '2025-11-25T15:00:00.000Z',
  expiraEm: null,
  ...over,
});

export const pendente = (over: Partial<Guardiao> = {}): Guardiao => ({
  id: 52,
  email: 'bia@exemplo.com',
  nome: null,
  situacao: 'PENDENTE',
  dataCadastro: '2025-11-25T15:00:00.000Z',
  expiraEm: '2025-12-02T15:00:00.000Z',
  ...over,
});

export { LENTO, pagina } from '@/testing/fixtures';
