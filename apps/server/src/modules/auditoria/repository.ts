import type { Executor } from '../../db/client';
import { auditoria } from './schema';

export interface EventoDeAuditoria {
  usuarioId?: number | null;
  emuladorId?: number | null;
  acao: string;
  detalhe?: Record<string, unknown>;
  ip?: string;
}

/**
 * Who did what, from where: logins, password changes, sign-ups, administrators' changes and
 * every emulated request. Pass the transaction of the change, so both commit or neither does.
 */
export async function registrarAuditoria(db: Executor, e: EventoDeAuditoria) {
  await db.insert(auditoria).values({
    usuarioId: e.usuarioId ?? null,
    emuladorId: e.emuladorId ?? null,
    acao: e.acao,
    detalhe: e.detalhe ?? null,
    ip: e.ip ?? null,
  });
}
