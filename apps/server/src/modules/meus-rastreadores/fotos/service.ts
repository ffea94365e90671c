import { MSG } from '@rastro/shared/messages';
import type { Executor } from '../../../db/client';
import { CANAL_EVENTOS } from '../../../lib/canais';
import { ErroDaApi, naoEncontrado } from '../../../lib/erros';
import type { Principal } from '../../../plugins/auth';
import type { Infra } from '../../../plugins/infra';
import { exigirDono, rastreadorDoVinculo, vinculoDoUsuario } from '../service';
import { reencodar } from './imagem';
import { fotoDoVinculo, guardar, remover } from './repository';

export { fotoDoVinculo } from './repository';

/** Photos one owner may send in a window (each costs a decode and a few encodes). */
const ENVIOS_POR_JANELA = 30;
const JANELA_MS = 10 * 60_000;

/** The owner's link, refused to a co-guardian (403) and to anyone else (404). */
async function doDono(db: Executor, p: Principal, id: number) {
  const v = await vinculoDoUsuario(db, p.usuarioId, id);
  if (!v) throw naoEncontrado();
  exigirDono(v, p);
  return v;
}

/** Every screen that shows this tracker (owner's and guardians', any instance) gets its row and marker again, with the new URL. */
async function avisarTelas(deps: Pick<Infra, 'database'>, rastreadorId: number) {
  await deps.database.notify(CANAL_EVENTOS, JSON.stringify({ r: [rastreadorId], u: [] }));
}

/**
 * PUT /api/usuarios/rastreadores/{id}/foto: the owner's new photo of the pet. The upload is only
 * read: what is kept is the WebP re-encoded from it (imagem.ts), under a new version.
 */
export async function enviarFoto(deps: Pick<Infra, 'database' | 'db' | 'limiter'>, p: Principal, id: number, upload: unknown) {
  const v = await doDono(deps.db, p, id);
  if (!Buffer.isBuffer(upload)) throw new ErroDaApi(415, MSG.fotoTipoInvalido);
  if (upload.length === 0) throw new ErroDaApi(400, MSG.fotoIlegivel);
  if (!(await deps.limiter.hit(`foto:${p.usuarioId}`, ENVIOS_POR_JANELA, JANELA_MS))) throw new ErroDaApi(429, MSG.muitasTentativas);
  const foto = await reencodar(upload);
  await guardar(deps.db, id, foto.webp, foto.versao);
  await avisarTelas(deps, v.rastreadorId);
}

/** DELETE …/foto: the owner removes the photo (the pet's initial shows again); removing none is no error. */
export async function removerFoto(deps: Pick<Infra, 'database' | 'db'>, p: Principal, id: number) {
  const v = await doDono(deps.db, p, id);
  if (await remover(deps.db, id)) await avisarTelas(deps, v.rastreadorId);
}

/** GET …/foto: the stored WebP, for the owner and the co-guardians; 404 for anyone else or while there is none. */
export async function obterFoto(db: Executor, p: Principal, id: number) {
  if ((await rastreadorDoVinculo(db, p.usuarioId, id)) === undefined) throw naoEncontrado();
  const foto = await fotoDoVinculo(db, id);
  if (!foto) throw naoEncontrado();
  return foto;
}
