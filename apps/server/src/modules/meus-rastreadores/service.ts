import { caminhoDaFoto } from '@rastro/shared/constants';
import { DESCRICAO_SITUACAO_ENERGIA, DESCRICAO_SITUACAO_RASTREADOR, SITUACOES_ENERGIA, SITUACOES_RASTREADOR } from '@rastro/shared/dominio';
import { MSG, type ModoEconomia } from '@rastro/shared/messages';
import type { Page, SelectItem } from '@rastro/shared/schemas/common';
import type { MeuRastreador, MeuRastreadorForm, ModoPerdido } from '@rastro/shared/schemas/meus-rastreadores';
import type { Infra } from '../../plugins/infra';
import type { Db, Executor } from '../../db/client';
import { verificarSenha } from '../../lib/cripto';
import { ErroDaApi, erroDeCampo, naoEncontrado } from '../../lib/erros';
import { iso, isoOuNull, pagina } from '../../lib/paginacao';
import { violaUnicidade } from '../../lib/erros-do-postgres';
import type { Principal } from '../../plugins/auth';
import { registrarAuditoria } from '../auditoria/service';
import { marcarVinculado, rastreadorParaVincular } from '../rastreadores/alteracoes-service';
import { avisarGateway, comandosDoModo, enfileirar } from '../comandos/service';
import {
  atualizar,
  doDono,
  doUsuario,
  listar,
  opcoes,
  papel,
  prepararPorRastreadores,
  vincular,
  vinculoDoUsuario,
  type FiltroMeusRastreadores,
  type LinhaMeuRastreador,
} from './repository';
import { comDonos, imeiVinculado } from './vinculos-repository';
import { umDe } from '../../lib/dominio';

export {
  definirSuspensao,
  quemVeORastreador,
  quemVeOsRastreadores,
  rastreadorDoVinculo,
  rastreadoresDosUsuarios,
  travarVinculo,
  vinculoDoRastreador,
  vinculoDoUsuario,
} from './repository';
export { rastreadorPorImei, vinculoNaLista } from './vinculos-repository';

/** These trackers' links with their owners, by tracker id (the administrator's detail of a tracker, and its save). */
export async function vinculosDosRastreadores(db: Executor, rastreadorIds: readonly number[]) {
  const linhas = rastreadorIds.length ? await comDonos(db, rastreadorIds) : [];
  return new Map(linhas.map(({ rastreadorId, ...v }) => [rastreadorId, v]));
}

/** The ids of the trackers this user owns (not the links'; not those they co-guard). */
export async function rastreadoresDoUsuario(db: Executor, usuarioId: number) {
  return new Set((await doDono(db, usuarioId)).map((l) => l.rastreadorId));
}

/**
 * These trackers as these users see them, owners and co-guardians, with each viewer's id (the live
 * channel): prepared once by the caller, its statements named (repository `prepararPorRastreadores`).
 */
export function prepararComoDonosVeem(db: Db) {
  const porRastreadores = prepararPorRastreadores(db);
  return async (rastreadorIds: readonly number[], usuarioIds: readonly number[]) =>
    (await porRastreadores(rastreadorIds, usuarioIds)).map((l) => ({
      usuarioId: l.usuarioId,
      rastreadorId: l.rastreadorId,
      rastreador: paraMeuRastreador(l),
    }));
}

const vf = (v: string): 'V' | 'F' => (v === 'V' ? 'V' : 'F');

export function paraMeuRastreador(r: LinhaMeuRastreador): MeuRastreador {
  const situacao = umDe(SITUACOES_RASTREADOR, r.situacao, 'ATIVO');
  const situacaoEnergia = umDe(SITUACOES_ENERGIA, r.situacaoEnergia, 'LIGADO');
  return {
    id: r.id,
    rastreadorId: r.rastreadorId,
    imei: r.imei,
    descricao: r.descricao,
    intervaloLocalizacao: r.intervaloLocalizacao,
    bateria: r.bateria,
    nivelSinal: r.nivelSinal,
    dataCadastro: iso(r.dataCadastro),
    ultimaComunicacao: isoOuNull(r.ultimaComunicacao),
    situacao,
    situacaoDescricao: DESCRICAO_SITUACAO_RASTREADOR[situacao],
    situacaoEnergia,
    situacaoEnergiaDescricao: DESCRICAO_SITUACAO_ENERGIA[situacaoEnergia],
    economiaBateria: vf(r.economiaBateria),
    ultraEconomiaBateria: vf(r.ultraEconomiaBateria),
    periUltraEconBateria: r.periUltraEconBateria,
    modoPerdido: modoPerdidoDe(r),
    compartilhadoPor: r.compartilhadoPor ?? null,
    foto: r.fotoVersao === null ? null : caminhoDaFoto(r.id, r.fotoVersao),
  };
}

/** What only the owner may do (edit, battery mode, invite): a co-guardian is told so (403); anyone else never got here (404). */
export function exigirDono(l: { usuarioId: number }, p: Pick<Principal, 'usuarioId'>) {
  if (l.usuarioId !== p.usuarioId) throw new ErroDaApi(403, MSG.apenasDonoPode);
}

/** How this user sees a tracker: its owner, a co-guardian (issue #20), or not at all. */
export async function papelNoRastreador(db: Executor, usuarioId: number, rastreadorId: number): Promise<'DONO' | 'GUARDIAO' | null> {
  const v = await papel(db, usuarioId, rastreadorId);
  if (!v) return null;
  return v.dono ? 'DONO' : 'GUARDIAO';
}

/** Lost-pet mode as the owner's API shows it: null when off or already past its end (the sweep may lag a few seconds). */
export function modoPerdidoDe(r: { perdidoDesde: Date | null; perdidoAte: Date | null }, agora = Date.now()): ModoPerdido {
  if (!r.perdidoDesde || !r.perdidoAte || r.perdidoAte.getTime() <= agora) return null;
  return { ativo: true, desde: iso(r.perdidoDesde), ate: iso(r.perdidoAte) };
}

const emModoPerdido = (r: { perdidoDesde: Date | null; perdidoAte: Date | null }) => modoPerdidoDe(r) !== null;

export async function listarMeusRastreadores(db: Executor, p: Principal, f: FiltroMeusRastreadores): Promise<Page<MeuRastreador>> {
  const { rows, total } = await listar(db, p.usuarioId, { ...f, descricao: f.descricao || undefined, imei: f.imei || undefined });
  return pagina(rows.map(paraMeuRastreador), total, f);
}

/** One of the caller's trackers; anyone else's answers 404. */
export async function obterMeuRastreador(db: Executor, p: Principal, id: number): Promise<MeuRastreador> {
  const r = await vinculoDoUsuario(db, p.usuarioId, id);
  if (!r) throw naoEncontrado();
  return paraMeuRastreador(r);
}

export const selecionarMeusRastreadores = (db: Executor, p: Principal): Promise<SelectItem[]> => opcoes(db, p.usuarioId);

/**
 * POST /api/usuarios/rastreadores. Without id: links the tracker an administrator registered
 * with this IMEI (it must await a link). With id: the owner's settings. Either way the device
 * is sent the commands of its battery mode.
 */
export async function salvarMeuRastreador(
  deps: Pick<Infra, 'config' | 'database' | 'db' | 'limiter'>,
  p: Principal,
  b: MeuRastreadorForm,
  ip: string,
): Promise<{ rastreador: MeuRastreador; criado: boolean }> {
  const descricao = b.descricao.trim();
  if (b.id !== undefined) {
    const id = b.id;
    const { rastreador, rastreadorId } = await deps.db.transaction(async (tx) => {
      const atual = await vinculoDoUsuario(tx, p.usuarioId, id);
      if (!atual) throw naoEncontrado();
      exigirDono(atual, p);
      // Lost-pet mode holds the device until it ends; then the settings saved now are sent.
      const muda =
        (atual.intervaloLocalizacao !== b.intervaloLocalizacao || atual.periUltraEconBateria !== b.periUltraEconBateria) &&
        !emModoPerdido(atual);
      await atualizar(tx, p.usuarioId, id, {
        descricao,
        intervaloLocalizacao: b.intervaloLocalizacao,
        periUltraEconBateria: b.periUltraEconBateria,
      });
      const novo = { ...atual, intervaloLocalizacao: b.intervaloLocalizacao, periUltraEconBateria: b.periUltraEconBateria };
      if (muda) await enfileirar(tx, atual.rastreadorId, p.usuarioId, comandosDoModo(novo));
      return { rastreador: await obterMeuRastreador(tx, p, id), rastreadorId: atual.rastreadorId };
    });
    await avisarGateway(deps, [rastreadorId]);
    return { rastreador, criado: false };
  }
  // IMEIs of a batch are sequential: a user gets a few wrong tries per window, and every way a
  // link can fail (no such IMEI, inactive, linked to someone, wrong or missing activation code)
  // answers the same, so nobody learns which IMEIs exist or are in use.
  const { limits } = deps.config;
  const chave = `vinculo:${p.usuarioId}`;
  if ((await deps.limiter.count(chave)) >= limits.vinculoUsuario) throw new ErroDaApi(429, MSG.muitasTentativas);
  const recusar = async () => {
    await deps.limiter.hit(chave, limits.vinculoUsuario, limits.windowMs);
    return erroDeCampo(400, 'imei', MSG.rastreadorNaoAguardaVinculo);
  };
  const imei = b.imei.trim();
  // The tracker and whether it is linked (this module's table), both asked whatever the IMEI.
  const [alvo, vinculado] = await Promise.all([rastreadorParaVincular(deps.db, imei), imeiVinculado(deps.db, imei)]);
  // One argon2 run whether or not there is a code to check: the time says nothing either.
  const confere = await verificarSenha(alvo?.codigoAtivacaoHash ?? null, b.codigoAtivacao);
  const codigoOk = alvo?.codigoAtivacaoHash ? confere : true;
  if (!alvo || alvo.situacao === 'INATIVO' || vinculado || !codigoOk) throw await recusar();
  try {
    const rastreador = await deps.db.transaction(async (tx) => {
      const id = await vincular(tx, {
        usuarioId: p.usuarioId,
        rastreadorId: alvo.id,
        descricao,
        intervaloLocalizacao: b.intervaloLocalizacao,
        periUltraEconBateria: b.periUltraEconBateria,
      });
      await marcarVinculado(tx, alvo.id);
      await enfileirar(tx, alvo.id, p.usuarioId, comandosDoModo({ ...b, economiaBateria: 'F', ultraEconomiaBateria: 'F' }));
      await registrarAuditoria(tx, {
        usuarioId: p.usuarioId,
        emuladorId: p.emuladorId ?? null,
        acao: 'RASTREADOR_VINCULADO',
        detalhe: { rastreadorId: alvo.id },
        ip,
      });
      return obterMeuRastreador(tx, p, id);
    });
    await avisarGateway(deps, [alvo.id]);
    return { rastreador, criado: true };
  } catch (err) {
    // Two owners racing for the same tracker: the unique link decides.
    if (violaUnicidade(err)) throw await recusar();
    throw err;
  }
}

/** The four economy PUTs: the modes exclude each other; each change becomes device commands. */
export async function alterarEconomia(
  deps: Pick<Infra, 'database' | 'db'>,
  p: Principal,
  id: number,
  modo: ModoEconomia,
  ativar: boolean,
): Promise<MeuRastreador> {
  const { rastreador, rastreadorId } = await deps.db.transaction(async (tx) => {
    const atual = await vinculoDoUsuario(tx, p.usuarioId, id);
    if (!atual) throw naoEncontrado();
    exigirDono(atual, p);
    if (emModoPerdido(atual)) throw new ErroDaApi(409, MSG.modoPerdidoBloqueia);
    const outro = modo === 'ultra' ? atual.economiaBateria : atual.ultraEconomiaBateria;
    if (ativar && outro === 'V') throw new ErroDaApi(409, MSG.economiasExclusivas);
    const valor: 'V' | 'F' = ativar ? 'V' : 'F';
    const mudanca = modo === 'ultra' ? { ultraEconomiaBateria: valor } : { economiaBateria: valor };
    await atualizar(tx, p.usuarioId, id, mudanca);
    await enfileirar(tx, atual.rastreadorId, p.usuarioId, comandosDoModo({ ...atual, ...mudanca }));
    return { rastreador: await obterMeuRastreador(tx, p, id), rastreadorId: atual.rastreadorId };
  });
  await avisarGateway(deps, [rastreadorId]);
  return rastreador;
}

/** "Sincronizar": ask one tracker, or all of the user's, for a position now. */
export async function sincronizar(deps: Pick<Infra, 'database' | 'db'>, p: Principal, usuarioRastreadorId?: number) {
  const todos = await doUsuario(deps.db, p.usuarioId);
  const alvos = usuarioRastreadorId === undefined ? todos : todos.filter((l) => l.id === usuarioRastreadorId);
  if (usuarioRastreadorId !== undefined && alvos.length === 0) throw naoEncontrado();
  await deps.db.transaction(async (tx) => {
    for (const l of alvos) await enfileirar(tx, l.rastreadorId, p.usuarioId, [{ tipo: 'LOCALIZAR' }]);
  });
  await avisarGateway(
    deps,
    alvos.map((l) => l.rastreadorId),
  );
  return { message: MSG.sincronizacaoSolicitada };
}
