import { GUARDIOES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import type { Executor } from '../../../db/client';
import { CANAL_EVENTOS } from '../../../lib/canais';
import { novoToken, sha256 } from '../../../lib/cripto';
import { ErroDaApi, naoEncontrado } from '../../../lib/erros';
import { iso, isoOuNull } from '../../../lib/paginacao';
import type { Principal } from '../../../plugins/auth';
import { conviteGuardiao } from '../../../plugins/email/templates';
import type { Infra } from '../../../plugins/infra';
import { exigirDono, obterMeuRastreador, travarVinculo, vinculoDoUsuario } from '../service';
import { aceitar, contarVigentes, criar, doUsuario, emailJaConvidado, jaGuarda, listar, porId, porTokenHash, remover } from './repository';

/**
 * What a co-guardian's removal (or leaving) also does, inside its transaction: the share links they
 * created for this owner's link are revoked. Resolves to what follows once it commits (those links'
 * live streams end). Handed in at composition (modules/index.ts): links sits in a layer above.
 */
export type AoRemoverGuardiao = (tx: Executor, vinculoId: number, usuarioId: number) => Promise<() => Promise<void>>;

/** The owner's link to the tracker as this user sees it, or 404. */
async function vinculo(db: Executor, p: Principal, id: number) {
  const v = await vinculoDoUsuario(db, p.usuarioId, id);
  if (!v) throw naoEncontrado();
  return v;
}

function paraGuardiao(r: Awaited<ReturnType<typeof listar>>[number]): Guardiao {
  const ativo = r.usuarioId !== null;
  return {
    id: r.id,
    email: r.email,
    nome: r.nome,
    situacao: ativo ? 'ATIVO' : 'PENDENTE',
    dataCadastro: iso(r.dataCadastro),
    expiraEm: ativo ? null : isoOuNull(r.expiraEm),
  };
}

/**
 * POST /api/usuarios/rastreadores/{id}/guardioes: the owner invites someone by e-mail. The link
 * `<APP_URL>/convite/<token>` (single use, 7 days; only the token's hash is kept) goes by e-mail.
 * At most 10 guardians and live invites per tracker.
 */
export async function convidar(
  deps: Pick<Infra, 'config' | 'db' | 'emails'>,
  p: Principal,
  id: number,
  emailInformado: string,
): Promise<Guardiao> {
  const email = emailInformado.trim().toLowerCase();
  const criado = await deps.db.transaction(async (tx) => {
    const v = await vinculo(tx, p, id);
    exigirDono(v, p);
    if (email === p.email.trim().toLowerCase()) throw new ErroDaApi(400, MSG.conviteParaOProprioDono);
    // Two invites at once count in turn.
    await travarVinculo(tx, id);
    if ((await contarVigentes(tx, id)) >= GUARDIOES.porRastreador) throw new ErroDaApi(409, MSG.limiteGuardioes);
    if (await emailJaConvidado(tx, id, email)) throw new ErroDaApi(409, MSG.jaGuardiao);
    const token = novoToken();
    const expiraEm = new Date(Date.now() + GUARDIOES.conviteDias * 86_400_000);
    const gid = await criar(tx, { usuarioRastreadorId: id, email, tokenHash: sha256(token), expiraEm });
    await deps.emails.enfileirar(tx, {
      destinatario: email,
      ...conviteGuardiao({ dono: p.nome, pet: v.descricao, link: `${deps.config.appUrl}/convite/${token}`, dias: GUARDIOES.conviteDias }),
    });
    const linha = (await listar(tx, id)).find((g) => g.id === gid);
    if (!linha) throw new Error('convite recém-criado ausente');
    return paraGuardiao(linha);
  });
  deps.emails.kick();
  return criado;
}

/** GET …/guardioes: the owner's list of guardians and pending invites. */
export async function listarGuardioes(db: Executor, p: Principal, id: number): Promise<Guardiao[]> {
  exigirDono(await vinculo(db, p, id), p);
  return (await listar(db, id)).map(paraGuardiao);
}

/**
 * DELETE …/guardioes/{guardiaoId}: the owner cancels an invite or removes a guardian, or a
 * guardian leaves. The guardian's screens drop the pet at once, on every instance, and the share
 * links they created stop opening, their public pages' live streams included (issue #31).
 */
export async function removerGuardiao(
  deps: Pick<Infra, 'database' | 'db'>,
  p: Principal,
  id: number,
  guardiaoId: number | 'eu',
  aoRemoverGuardiao: AoRemoverGuardiao,
) {
  const { removido, rastreadorId, depoisDoCommit } = await deps.db.transaction(async (tx) => {
    const v = await vinculo(tx, p, id);
    // A link the guardian is creating right now waits for this removal, then finds them gone.
    await travarVinculo(tx, id);
    // 'eu': a guardian leaving, without knowing the id of the row that made them one.
    const g = guardiaoId === 'eu' ? await doUsuario(tx, id, p.usuarioId) : await porId(tx, id, guardiaoId);
    if (!g) throw naoEncontrado();
    const dono = v.usuarioId === p.usuarioId;
    if (!dono && g.usuarioId !== p.usuarioId) throw new ErroDaApi(403, MSG.apenasDonoPode);
    await remover(tx, g.id);
    const depoisDoCommit = g.usuarioId === null ? undefined : await aoRemoverGuardiao(tx, id, g.usuarioId);
    return { removido: g.usuarioId, rastreadorId: v.rastreadorId, depoisDoCommit };
  });
  if (removido !== null) {
    await deps.database.notify(CANAL_EVENTOS, JSON.stringify({ r: [], u: [], rm: [{ u: removido, r: rastreadorId }] }));
  }
  await depoisDoCommit?.();
}

/**
 * Accepts an invite for this user, inside the caller's transaction: 404 for an unknown token, 410
 * once used or expired, 400 for the tracker's own owner. Returns the link and tracker.
 */
export async function aceitarNaTransacao(tx: Executor, usuarioId: number, token: string) {
  const c = await porTokenHash(tx, sha256(token));
  if (!c) throw new ErroDaApi(404, MSG.conviteNaoEncontrado);
  if (c.aceitoEm !== null || c.usuarioId !== null || c.expiraEm.getTime() <= Date.now()) throw new ErroDaApi(410, MSG.conviteExpirado);
  if (c.donoId === usuarioId) throw new ErroDaApi(400, MSG.conviteParaOProprioDono);
  // Already a guardian through another invite: this one is used up, nothing else changes.
  if (await jaGuarda(tx, c.vinculoId, usuarioId)) await remover(tx, c.id);
  else await aceitar(tx, c.id, usuarioId);
  return { vinculoId: c.vinculoId, rastreadorId: c.rastreadorId };
}

/** POST /api/convites/{token}/aceitar: the logged user becomes a guardian; the tracker as they now see it. */
export async function aceitarConvite(deps: Pick<Infra, 'database' | 'db'>, p: Principal, token: string): Promise<MeuRastreador> {
  const { rastreador, rastreadorId } = await deps.db.transaction(async (tx) => {
    const { vinculoId, rastreadorId } = await aceitarNaTransacao(tx, p.usuarioId, token);
    return { rastreador: await obterMeuRastreador(tx, p, vinculoId), rastreadorId };
  });
  // Their other open screens get the pet now.
  await deps.database.notify(CANAL_EVENTOS, JSON.stringify({ r: [rastreadorId], u: [p.usuarioId] }));
  return rastreador;
}
