import { PUSH } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { InscricaoPush } from '@rastro/shared/schemas/push';
import webpush from 'web-push';
import type { Executor } from '../../db/client';
import type { Infra } from '../../plugins/infra';
import type { NotificacaoNova } from '../notificacoes/efeitos';
import { notificar } from '../notificacoes/service';
import { parametroOuCriar } from '../../db/parametros';
import { destinoPublico } from '../../lib/destino-publico';
import { ErroDaApi, erroDeCampo } from '../../lib/erros';
import * as repo from './repository';

export { cancelarInscricao, enfileirarPush } from './repository';

/** The VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or generated once and kept in the database. */
export async function chavesVapid(deps: Pick<Infra, 'config' | 'db'>) {
  const { push } = deps.config;
  if (push.vapid) return push.vapid;
  const valor = await parametroOuCriar(deps.db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  const chaves = JSON.parse(valor) as { publicKey: string; privateKey: string };
  return { publicKey: chaves.publicKey, privateKey: chaves.privateKey };
}

/**
 * This browser will receive the user's alerts. The endpoint is a URL the server will call: it
 * must be https:// and public (PUSH_PERMITIR_HTTP lifts that, for tests). Returns whether it is new.
 */
export async function inscrever(deps: Pick<Infra, 'config' | 'db'>, usuarioId: number, s: InscricaoPush) {
  const destino = await destinoPublico(s.endpoint, deps.config.push.permitirHttp);
  if (!destino.ok) throw erroDeCampo(400, 'endpoint', MSG.pushEndpointInvalido);
  // One of the user's subscriptions at a time: two at once must not both see room for one more.
  return deps.db.transaction(async (tx) => {
    await repo.travarInscricoesDoUsuario(tx, usuarioId);
    const dono = await repo.donoDoEndpoint(tx, s.endpoint);
    if (dono !== usuarioId && (await repo.quantasDoUsuario(tx, usuarioId)) >= PUSH.inscricoesPorUsuario) {
      throw new ErroDaApi(409, MSG.limiteInscricoesPush);
    }
    return repo.gravarInscricao(tx, usuarioId, { endpoint: s.endpoint, p256dh: s.keys.p256dh, auth: s.keys.auth });
  });
}

/**
 * Writes notifications with their push queued in the same statement: the `notificar` port the
 * composition hands to the modules below that notify (zones, activity, lost-pet mode).
 */
export const notificarComPush = (db: Executor, lista: readonly NotificacaoNova[]) => notificar(db, lista, repo.enfileirarPush);
