import type { Executor } from '../../db/client';
import { auditoria } from '../../db/schema';

export interface EventoDeAuditoria {
  usuarioId?: number | null;
  emuladorId?: number | null;
  acao: string;
  detalhe?: Record<string, unknown>;
  ip?: string;
}

export async function inserir(db: Executor, e: EventoDeAuditoria) {
  await db.insert(auditoria).values({
    usuarioId: e.usuarioId ?? null,
    emuladorId: e.emuladorId ?? null,
    acao: e.acao,
    detalhe: e.detalhe ?? null,
    ip: e.ip ?? null,
  });
}
