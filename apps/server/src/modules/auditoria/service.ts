import type { Executor } from '../../db/client';
import { inserir, type EventoDeAuditoria } from './repository';

/**
 * Who did what, from where: logins, password changes, sign-ups, administrators' changes and
 * every emulated request. Pass the transaction of the change, so both commit or neither does.
 */
export const registrarAuditoria = (db: Executor, e: EventoDeAuditoria) => inserir(db, e);
