import type { Executor } from '../../db/client';
import { iso } from '../../lib/paginacao';
import { vinculoDoRastreador } from '../meus-rastreadores/service';
import { enfileirarPush } from '../push/service';
import { marcarAlerta } from '../rastreadores/dispositivo-service';
import * as repo from './repository';

export { naoLidas, ultimoId } from './repository';

/**
 * An alarm from a device: the tracker is in ALERTA for 30 minutes and whoever owns it now (it
 * may have been linked since the device logged in) gets a notification. Returns that owner.
 */
export async function registrarAlarme(db: Executor, rastreadorId: number, texto: (descricao: string | null) => string) {
  await marcarAlerta(db, rastreadorId);
  const dono = await vinculoDoRastreador(db, rastreadorId);
  if (!dono) return null;
  const descricao = texto(dono.descricao).slice(0, 255);
  const id = await repo.inserir(db, { usuarioId: dono.usuarioId, rastreadorId, descricao });
  await enfileirarPush(db, [{ usuarioId: dono.usuarioId, rastreadorId, titulo: dono.descricao, corpo: descricao, id: String(id) }]);
  return dono.usuarioId;
}

/** A user's notifications newer than `depoisDe`, oldest first, as the live channel sends them. */
export async function novas(db: Executor, usuarioId: number, depoisDe: number) {
  const linhas = await repo.novas(db, [usuarioId], depoisDe);
  return linhas.map((n) => ({ id: n.id, dataCadastro: iso(n.dataCadastro), descricao: n.descricao, lida: n.lida }));
}

/**
 * Notifications raised by something other than the device (a zone transition), texts cut to fit;
 * `titulo` (the pet's name) heads the push message each also becomes.
 */
export async function notificar(
  db: Executor,
  lista: readonly { usuarioId: number; rastreadorId: number; descricao: string; titulo: string }[],
) {
  const linhas = lista.map((n) => ({ usuarioId: n.usuarioId, rastreadorId: n.rastreadorId, descricao: n.descricao.slice(0, 255) }));
  const ids = await repo.inserirVarias(db, linhas);
  await enfileirarPush(
    db,
    linhas.map((n, i) => ({ ...n, titulo: lista[i]?.titulo ?? '', corpo: n.descricao, id: String(ids[i] ?? '') })),
  );
}
