import { notificacaoRepetida } from '@rastro/shared/messages';
import type { Db, Executor } from '../../db/client';
import { iso } from '../../lib/paginacao';
import { quemVeORastreador, quemVeOsRastreadores } from '../meus-rastreadores/service';
import { marcarAlerta } from '../rastreadores/dispositivo-service';
import * as repo from './repository';

export { naoLidas, ultimoId } from './repository';

/** The kinds of device alarm: repeats of one kind from one tracker are coalesced (docs/adr/0017). */
export type TipoAlarme = 'SOS' | 'VIBRACAO' | 'BATERIA_FRACA' | 'COLEIRA_RETIRADA';

export interface RegrasAlertas {
  /** Repeats within this time of the kind's first alarm count into its notification (ALERTAS_JANELA_SEGUNDOS). */
  janelaMs: number;
  /** APP_TIMEZONE: the time of the newest repeat in the text. */
  timezone: string;
}

export const OPCOES_ALERTAS_PADRAO: RegrasAlertas = { janelaMs: 60_000, timezone: 'America/Sao_Paulo' };

const DESCRICAO_MAX = 255;
const horas = new Map<string, Intl.DateTimeFormat>();
function hora(quando: Date, timezone: string) {
  let f = horas.get(timezone);
  if (!f) horas.set(timezone, (f = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: timezone })));
  return f.format(quando);
}

/**
 * An alarm from a device: the tracker is in ALERTA for 30 minutes and whoever sees it now — its
 * owner (it may have been linked since the device logged in) and co-guardians — is told. The first
 * alarm of a kind is a new notification (and so a push); a repeat within the window counts into
 * it ("Alerta de SOS do rastreador THOR (12×) — última às 14:03.") and turns it unread again, with
 * no new row and no new push. Returns who was told.
 */
export async function registrarAlarme(
  db: Db,
  rastreadorId: number,
  tipo: TipoAlarme,
  texto: (descricao: string | null) => string,
  regras: RegrasAlertas,
) {
  return db.transaction(async (tx) => {
    await repo.travarAlarmes(tx, rastreadorId);
    await marcarAlerta(tx, rastreadorId);
    const quem = await quemVeORastreador(tx, rastreadorId);
    if (quem.length === 0) return [];
    const abertas = await repo.abertasNaJanela(
      tx,
      rastreadorId,
      tipo,
      quem.map((q) => q.usuarioId),
      regras.janelaMs,
    );
    const porUsuario = new Map(abertas.map((a) => [a.usuarioId, a]));
    const agora = hora(new Date(), regras.timezone);
    const repetidas: { id: number; contagem: number; descricao: string }[] = [];
    const novas: { usuarioId: number; rastreadorId: number; tipo: string; descricao: string }[] = [];
    for (const q of quem) {
      const base = texto(q.descricao);
      const aberta = porUsuario.get(q.usuarioId);
      if (!aberta) novas.push({ usuarioId: q.usuarioId, rastreadorId, tipo, descricao: base.slice(0, DESCRICAO_MAX) });
      else {
        const contagem = aberta.contagem + 1;
        repetidas.push({ id: aberta.id, contagem, descricao: notificacaoRepetida(base, contagem, agora, DESCRICAO_MAX) });
      }
    }
    await repo.somarRepeticoes(tx, repetidas);
    await repo.inserirDoTipo(tx, novas);
    return quem.map((q) => q.usuarioId);
  });
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
