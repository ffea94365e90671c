import type { Page } from '@rastro/shared/schemas/common';

export { meuRastreador } from '@/testing/fixtures';

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

export { LENTO } from '@/testing/fixtures';
