/** Query keys of "Minha conta": the logged (or emulated) user's own record. */
export const minhaContaKeys = {
  all: ['minha-conta'] as const,
  detail: (id: number) => [...minhaContaKeys.all, id] as const,
};
