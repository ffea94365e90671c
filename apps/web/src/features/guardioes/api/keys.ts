/** Query keys of the co-guardians screens; `id` is the owner's link (MeuRastreador.id). */
export const guardioesKeys = {
  all: ['guardioes'] as const,
  de: (id: number) => [...guardioesKeys.all, id] as const,
};
