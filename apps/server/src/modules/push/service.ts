import { PUSH } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { InscricaoPush } from '@rastro/shared/schemas/push';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/client';
import type { AoCriarNotificacoes, NotificacaoNova } from '../notificacoes/efeitos';
import { notificar } from '../notificacoes/service';
import { parametroOuCriar } from '../../db/parametros';
import { destinoPublico } from '../../lib/destino-publico';
import { AppError, erroDeCampo } from '../../lib/errors';
import * as repo from './repository';

/** The VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or generated once and kept in the database. */
export async function chavesVapid(db: Executor, push: Config['push']) {
  if (push.vapid) return push.vapid;
  const valor = await parametroOuCriar(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const chaves = JSON.parse(valor) as { publicKey: string; privateKey: string };
  return { publicKey: chaves.publicKey, privateKey: chaves.privateKey };
}

/**
 * This browser will receive the user's alerts. The endpoint is a URL the server will call: it
 * must be https:// and public (PUSH_PERMITIR_HTTP lifts that, for tests). Returns whether it is new.
 */
export async function inscrever(db: Db, usuarioId: number, s: InscricaoPush, permitirHttp: boolean) {
  const destino = await destinoPublico(s.endpoint, permitirHttp);
  if (!destino.ok) throw erroDeCampo(400, 'endpoint', MSG.pushEndpointInvalido);
  // One of the user's subscriptions at a time: two at once must not both see room for one more.
  return db.transaction(async (tx) => {
    await repo.travarInscricoesDoUsuario(tx, usuarioId);
    const dono = await repo.donoDoEndpoint(tx, s.endpoint);
    if (dono !== usuarioId && (await repo.quantasDoUsuario(tx, usuarioId)) >= PUSH.inscricoesPorUsuario) {
      throw new AppError(409, MSG.limiteInscricoesPush);
    }
    return repo.gravarInscricao(tx, usuarioId, { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });
  });
}

/** This browser stops receiving the user's alerts (nothing happens to anyone else's). */
export const cancelarInscricao = (db: Executor, usuarioId: number, endpoint: string) => repo.removerInscricao(db, usuarioId, endpoint);

/**
 * Each new notification is queued for its user's browsers in the statement that inserts it, and
 * the senders of every instance are woken at its commit (`rastro_push`). Handed to the writers of
 * notifications where they are composed: the gateway's alarms (gateway/servicos.ts), and through `notificarComPush`.
 */
export const enfileirarPush: AoCriarNotificacoes = repo.filaDasNotificacoes;

/**
 * Writes notifications with their push queued in the same statement: the `notificar` port the
 * composition hands to the modules below that notify (zones, activity, lost-pet mode).
 */
export const notificarComPush = (db: Executor, lista: readonly NotificacaoNova[]) => notificar(db, lista, enfileirarPush);
