import { caminhoDaFotoPublica, LINK_COMPARTILHADO } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { Link, LinkCriado, LinkPublico } from '@rastro/shared/schemas/links';
import type { Executor } from '../../db/client';
import { CANAL_LINKS } from '../../lib/canais';
import { novoToken, sha256 } from '../../lib/cripto';
import { ErroDaApi, naoEncontrado } from '../../lib/erros';
import { iso } from '../../lib/paginacao';
import type { Principal } from '../../plugins/auth';
import type { Infra } from '../../plugins/infra';
import { fotoDoVinculo } from '../meus-rastreadores/fotos/service';
import { travarVinculo, vinculoDoUsuario } from '../meus-rastreadores/service';
import { localizacaoPublica, rastroDesde } from '../localizacoes/service';
import { telefoneCelularDe } from '../usuarios/service';
import { ativos, contarAtivos, criar, porTokenHash, revogar, revogarDoCriador } from './repository';

export { linkAtivo } from './repository';

/** The owner's link to the tracker, or 404 (anyone else's tracker). */
async function doDono(db: Executor, p: Principal, id: number) {
  const v = await vinculoDoUsuario(db, p.usuarioId, id);
  if (!v) throw naoEncontrado();
  return v;
}

/**
 * POST /api/usuarios/rastreadores/{id}/links: a new link valid for `horas`, at most 20 active per
 * tracker. The token (256 random bits) is in the answer's URL only; the database keeps its hash.
 */
export async function criarLink(
  deps: Pick<Infra, 'config' | 'db'>,
  p: Principal,
  id: number,
  f: { horas: number; mensagem?: string | null | undefined; compartilharTelefone?: boolean | undefined },
): Promise<LinkCriado> {
  return deps.db.transaction(async (tx) => {
    // Two creations at once count in turn; and a co-guardian being removed meanwhile (who holds the
    // same lock) is seen as gone: otherwise their new link would outlive the revocation of their links.
    await travarVinculo(tx, id);
    await doDono(tx, p, id);
    if ((await contarAtivos(tx, id)) >= LINK_COMPARTILHADO.ativosPorRastreador) throw new ErroDaApi(409, MSG.limiteLinks);
    const token = novoToken();
    const mensagem = f.mensagem?.trim() || null;
    const link = await criar(tx, {
      usuarioRastreadorId: id,
      criadoPorUsuarioId: p.usuarioId,
      tokenHash: sha256(token),
      mensagem,
      compartilharTelefone: f.compartilharTelefone === true,
      expiraEm: new Date(Date.now() + f.horas * 3_600_000),
    });
    return { id: link.id, url: `${deps.config.appUrl}/p/${token}`, expiraEm: iso(link.expiraEm) };
  });
}

/** GET /api/usuarios/rastreadores/{id}/links: the active links and who created each (without their URLs: only hashes are kept). */
export async function listarLinks(db: Executor, p: Principal, id: number): Promise<Link[]> {
  await doDono(db, p, id);
  return (await ativos(db, id)).map((l) => ({
    id: l.id,
    criadoEm: iso(l.criadoEm),
    expiraEm: iso(l.expiraEm),
    mensagem: l.mensagem,
    criadoPor: l.criadoPorId !== null && l.criadoPorNome !== null ? { id: l.criadoPorId, nome: l.criadoPorNome } : null,
    compartilharTelefone: l.compartilharTelefone,
  }));
}

/** After the commit that revoked them: every instance ends these links' live streams at once. */
async function avisarLinksRevogados(deps: Pick<Infra, 'database'>, linkIds: readonly number[]) {
  for (const id of linkIds) await deps.database.notify(CANAL_LINKS, String(id));
}

/** DELETE …/links/{linkId}: the link stops opening at once, on every instance (its live streams close). */
export async function revogarLink(deps: Pick<Infra, 'database' | 'db'>, p: Principal, id: number, linkId: number) {
  await doDono(deps.db, p, id);
  if (!(await revogar(deps.db, id, linkId))) throw naoEncontrado();
  await avisarLinksRevogados(deps, [linkId]);
}

/**
 * A co-guardian stops being one (removed or leaving, issue #31): inside that transaction, every
 * active link they created for this owner's link is revoked — the owner's and other guardians'
 * stay. Resolves to what to do once the transaction commits: end those links' live streams.
 * meus-rastreadores' `AoRemoverGuardiao`, handed in by modules/index.ts.
 */
export async function revogarLinksDoGuardiao(deps: Pick<Infra, 'database'>, tx: Executor, vinculoId: number, usuarioId: number) {
  const ids = await revogarDoCriador(tx, vinculoId, usuarioId);
  return () => avisarLinksRevogados(deps, ids);
}

/** The link behind a token: 404 when there is none, 410 once it expired or was revoked. */
export async function linkDoToken(db: Executor, token: string) {
  const link = await porTokenHash(db, sha256(token));
  if (!link) throw new ErroDaApi(404, MSG.linkNaoEncontrado);
  if (link.revogadoEm !== null || link.expiraEm.getTime() <= Date.now()) throw new ErroDaApi(410, MSG.linkExpirado);
  return link;
}

/**
 * GET /api/publico/links/{token}: the pet's name and photo, where it is now, its battery, the
 * owner's message, its last 2 hours, and the creator's mobile phone when they chose to show it.
 */
export async function linkPublico(db: Executor, token: string, precisaoGpsMetros: number): Promise<LinkPublico> {
  const link = await linkDoToken(db, token);
  const desde = new Date(Date.now() - LINK_COMPARTILHADO.rastroHoras * 3_600_000);
  const [agora, rastro, telefone] = await Promise.all([
    localizacaoPublica(db, link.rastreadorId, precisaoGpsMetros),
    rastroDesde(db, link.rastreadorId, desde),
    link.compartilharTelefone && link.criadoPorUsuarioId !== null ? telefoneCelularDe(db, link.criadoPorUsuarioId) : null,
  ]);
  return {
    descricao: link.descricao,
    latitude: agora?.latitude ?? null,
    longitude: agora?.longitude ?? null,
    precisaoMetros: agora?.precisaoMetros ?? null,
    dataHora: agora?.dataHora ?? null,
    bateria: agora?.bateria ?? null,
    mensagem: link.mensagem,
    telefone,
    foto: link.fotoVersao === null ? null : caminhoDaFotoPublica(token, link.fotoVersao),
    expiraEm: iso(link.expiraEm),
    rastro,
  };
}

/** GET /api/publico/links/{token}/foto: the pet's photo while the link is valid (404 without one, 410 once it ended). */
export async function fotoPublica(db: Executor, token: string) {
  const link = await linkDoToken(db, token);
  const foto = await fotoDoVinculo(db, link.usuarioRastreadorId);
  if (!foto) throw new ErroDaApi(404, MSG.naoEncontrado);
  return foto;
}
