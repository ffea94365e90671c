import type { Executor } from '../../db/client';
import { iso } from '../../lib/paginacao';
import { quemVeORastreador, quemVeOsRastreadores } from '../meus-rastreadores/service';
import { marcarAlerta } from '../rastreadores/dispositivo-service';
import * as repo from './repository';

export { naoLidas, ultimoId } from './repository';

/**
 * An alarm from a device: the tracker is in ALERTA for 30 minutes and whoever sees it now — its
 * owner (it may have been linked since the device logged in) and co-guardians — gets a
 * notification. Returns who was notified.
 */
export async function registrarAlarme(db: Executor, rastreadorId: number, texto: (descricao: string | null) => string) {
  await marcarAlerta(db, rastreadorId);
  const quem = await quemVeORastreador(db, rastreadorId);
  if (quem.length === 0) return [];
  await repo.inserirVarias(
    db,
    quem.map((q) => ({ usuarioId: q.usuarioId, rastreadorId, descricao: texto(q.descricao).slice(0, 255) })),
  );
  return quem.map((q) => q.usuarioId);
}

/** A user's notifications newer than `depoisDe`, oldest first, as the live channel sends them. */
export async function novas(db: Executor, usuarioId: number, depoisDe: number) {
  const linhas = await repo.novas(db, [usuarioId], depoisDe);
  return linhas.map((n) => ({ id: n.id, dataCadastro: iso(n.dataCadastro), descricao: n.descricao, lida: n.lida }));
}

/**
 * Notifications raised by something other than the device (a zone transition), texts cut to fit.
 * Each is also pushed to its user's browsers (a trigger of the push module queues it: migration 0011).
 */
export async function notificar(db: Executor, lista: readonly { usuarioId: number; rastreadorId: number; descricao: string }[]) {
  await repo.inserirVarias(
    db,
    lista.map((n) => ({ ...n, descricao: n.descricao.slice(0, 255) })),
  );
}

/**
 * Notifications about trackers for everyone who sees each of them now — owner and co-guardians
 * (a zone transition). Returns who was notified.
 */
export async function notificarQuemVe(db: Executor, lista: readonly { rastreadorId: number; descricao: string }[]) {
  if (lista.length === 0) return [];
  const quem = await quemVeOsRastreadores(db, [...new Set(lista.map((n) => n.rastreadorId))]);
  const porRastreador = new Map<number, number[]>();
  for (const q of quem) porRastreador.set(q.rastreadorId, [...(porRastreador.get(q.rastreadorId) ?? []), q.usuarioId]);
  const notas = lista.flatMap((n) => (porRastreador.get(n.rastreadorId) ?? []).map((usuarioId) => ({ ...n, usuarioId })));
  await notificar(db, notas);
  return [...new Set(notas.map((n) => n.usuarioId))];
}
