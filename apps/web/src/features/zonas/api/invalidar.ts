import type { QueryClient } from '@tanstack/react-query';
import { aoVivoKeys } from '@/lib/ao-vivo/keys';
import { zonaKeys } from './keys';

/**
 * After a zone is created, changed or deleted: the list, and the map's markers, whose 'outside'
 * state the server starts over for that zone.
 */
export const invalidarDepoisDeMudar = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: zonaKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: [...aoVivoKeys.marcadores, 'ATUAL'] }),
  ]);
