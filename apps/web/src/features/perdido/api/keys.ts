import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { MeuRastreador, meuRastreadorPageSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';

type MeuRastreadorPage = z.infer<typeof meuRastreadorPageSchema>;

/** Query keys of lost mode and share links; `id` is the owner's link (MeuRastreador.id). */
export const perdidoKeys = {
  links: ['links-compartilhados'] as const,
  linksDe: (id: number) => [...perdidoKeys.links, id] as const,
};

/**
 * After lost mode changed: the tracker as the server answered shows at once in its detail and in
 * the list pages, then every screen showing it (lists, map select, markers) is read again. The keys
 * are the live ones (lib/ao-vivo/keys.ts), shared by the features that show trackers.
 */
export function aplicarRastreador(queryClient: QueryClient, rastreador: MeuRastreador) {
  queryClient.setQueryData(aoVivoKeys.meuRastreador(rastreador.id), rastreador);
  queryClient.setQueriesData<MeuRastreadorPage>(
    { queryKey: aoVivoKeys.meusRastreadoresLists() },
    (page) => page && { ...page, content: page.content.map((r) => (r.id === rastreador.id ? rastreador : r)) },
  );
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: aoVivoKeys.meusRastreadores }),
    queryClient.invalidateQueries({ queryKey: aoVivoKeys.marcadores }),
  ]);
}
