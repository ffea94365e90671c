import type { Page } from '@rastro/shared/schemas/common';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { meuRastreador } from '@/testing/fixtures';

/** One of the owner's trackers as the API answers it (REX, link 4). */
export const pet = (over: Partial<MeuRastreador> = {}): MeuRastreador => meuRastreador({ descricao: 'REX', ...over });

/** Lost mode on since now, for `horas` hours. */
export const perdidoPor = (horas: number) => {
  const agora = Date.now();
  return { ativo: true as const, desde: new Date(agora).toISOString(), ate: new Date(agora + horas * 3_600_000).toISOString() };
};

export const pagina = <T>(content: T[]): Page<T> => ({
  content,
  number: 0,
  size: 10,
  totalElements: content.length,
  totalPages: 1,
  first: true,
  last: true,
  numberOfElements: content.length,
});

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */
export const LENTO = { timeout: 5000 };
