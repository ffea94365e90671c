import * as z from '@rastro/shared/zod';
import { nomeado, pageSchema, paginacaoQuerySchema } from './common';
import { notificacaoSchema } from './mapa';

export { notificacaoSchema, type Notificacao } from './mapa';

/** GET /api/notificacoes: the user's notifications, newest first. */
export const notificacaoFiltroSchema = paginacaoQuerySchema(['dataCadastro', 'id'] as const, 'dataCadastro', 'desc');
export type NotificacaoFiltro = z.input<typeof notificacaoFiltroSchema>;
export const notificacaoPageSchema = pageSchema(notificacaoSchema);

/** GET /api/notificacoes/nao-lidas and PUT /api/notificacoes/lidas (marks all as read). */
export const naoLidasSchema = nomeado('NaoLidas', z.object({ total: z.int() }));
export type NaoLidas = z.infer<typeof naoLidasSchema>;
