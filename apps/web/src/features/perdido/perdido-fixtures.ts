import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { meuRastreador } from '@/testing/fixtures';

/** One of the owner's trackers as the API answers it (REX, link 4). */
export const pet = (over: Partial<MeuRastreador> = {}): MeuRastreador => meuRastreador({ descricao: 'REX', ...over });

/** Lost mode on since now, for `horas` hours. */
export const perdidoPor = (horas: number) => {
  const agora = Date.now();
  return { ativo: true as const, desde: new Date(agora).toISOString(), ate: new Date(agora + horas * 3_600_000).toISOString() };
};

export { LENTO, pagina } from '@/testing/fixtures';
