export const pushKeys = {
  all: ['push'] as const,
  chave: () => [...pushKeys.all, 'chave'] as const,
};
