/** Query keys of the lookup lists (states, cities, levels, CEP). */
export const lookupKeys = {
  all: ['lookups'] as const,
  estados: () => [...lookupKeys.all, 'estados'] as const,
  cidades: (estadoId: number) => [...lookupKeys.all, 'cidades', estadoId] as const,
  niveis: () => [...lookupKeys.all, 'niveis'] as const,
  cep: (cep: string) => [...lookupKeys.all, 'cep', cep] as const,
};
