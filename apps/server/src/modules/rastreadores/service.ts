import {
  DESCRICAO_SITUACAO_ENERGIA,
  DESCRICAO_SITUACAO_RASTREADOR,
  PROTOCOLOS,
  SITUACOES_ENERGIA,
  SITUACOES_RASTREADOR,
} from '@rastro/shared/dominio';
import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/roles';
import type { Page } from '@rastro/shared/schemas/common';
import type { RastreadorAdmin, RastreadorDetalhe, RastreadorForm } from '@rastro/shared/schemas/rastreadores';
import type { Executor } from '../../db/client';
import type { Infra } from '../../plugins/infra';
import { hashSenha } from '../../lib/crypto';
import { AppError, erroDeCampo, naoEncontrado } from '../../lib/errors';
import { iso, isoOuNull, pagina } from '../../lib/paginacao';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Principal } from '../../plugins/auth';
import { registrarAuditoria } from '../auditoria/service';
import { papelNoRastreador } from '../meus-rastreadores/service';
import { situacaoEUso } from '../chips/service';
import { avisarGateway, enfileirar } from '../comandos/service';
import { atualizar, buscar, buscarDetalhe, estado, imeiEmUso, inserir, listar, type FiltroRastreadores } from './repository';
import { umDe } from '../../lib/dominio';
import { ultimaPosicao } from '../posicoes/service';

type Linha = NonNullable<Awaited<ReturnType<typeof buscar>>>;

function paraAdmin(r: Linha): RastreadorAdmin {
  const situacao = umDe(SITUACOES_RASTREADOR, r.situacao, 'AGUARDANDO_VINCULO');
  const situacaoEnergia = umDe(SITUACOES_ENERGIA, r.situacaoEnergia, 'LIGADO');
  return {
    id: r.id,
    imei: r.imei,
    rastreadorDescricao: r.rastreadorDescricao,
    bateria: r.bateria,
    chipId: r.chipId,
    chipNumero: r.chipNumero,
    usuarioNome: r.usuarioNome,
    dataCadastro: iso(r.dataCadastro),
    protocolo: umDe(PROTOCOLOS, r.protocolo, 'OUTRO'),
    situacao,
    situacaoDescricao: DESCRICAO_SITUACAO_RASTREADOR[situacao],
    situacaoCodigo: situacao === 'INATIVO' ? 'INATIVO' : 'ATIVO',
    situacaoEnergia,
    situacaoEnergiaDescricao: DESCRICAO_SITUACAO_ENERGIA[situacaoEnergia],
    temCodigoAtivacao: r.temCodigoAtivacao,
    origensAlternadasEm: isoOuNull(r.origensAlternadasEm),
  };
}

export async function listarRastreadores(
  db: Executor,
  f: Omit<FiltroRastreadores, 'codigo'> & { codigo?: string | undefined },
): Promise<Page<RastreadorAdmin>> {
  const { rows, total } = await listar(db, { ...f, codigo: f.codigo ? Number(f.codigo) : undefined, imei: f.imei || undefined });
  return pagina(rows.map(paraAdmin), total, f);
}

export async function obterRastreador(db: Executor, id: number): Promise<RastreadorAdmin> {
  const r = await buscar(db, id);
  if (!r) throw naoEncontrado();
  return paraAdmin(r);
}

export async function detalharRastreador(db: Executor, id: number): Promise<RastreadorDetalhe> {
  const [base, d, loc] = await Promise.all([obterRastreador(db, id), buscarDetalhe(db, id), ultimaPosicao(db, id)]);
  if (!d) throw naoEncontrado();
  const vf = (v: string | null) => (v === 'V' || v === 'F' ? v : null);
  return {
    ...base,
    chipDescricao: d.chipDescricao,
    nivelSinal: d.nivelSinal,
    ultimaComunicacao: isoOuNull(d.ultimaComunicacao),
    usuarioId: d.usuarioId,
    usuarioEmail: d.usuarioEmail,
    intervaloLocalizacao: d.intervaloLocalizacao,
    economiaBateria: vf(d.economiaBateria),
    ultraEconomiaBateria: vf(d.ultraEconomiaBateria),
    ultimaLocalizacao:
      loc && loc.latitude !== null && loc.longitude !== null
        ? {
            latitude: loc.latitude,
            longitude: loc.longitude,
            dataHora: iso(loc.dataHora),
            tipo: umDe(['GPS', 'WIFI', 'LBS'] as const, loc.tipo, 'GPS'),
          }
        : null,
    comandosPendentes: d.comandosPendentes,
  };
}

async function validarChip(db: Executor, chipId: number, rastreadorId?: number) {
  const c = await situacaoEUso(db, chipId);
  if (!c) throw erroDeCampo(400, 'chipId', MSG.campoInvalido);
  if (c.situacao !== 'A') throw erroDeCampo(400, 'chipId', MSG.chipInativo);
  if (c.rastreadorId !== null && c.rastreadorId !== rastreadorId) throw erroDeCampo(409, 'chipId', MSG.chipEmUso);
}

/** Creates a tracker (awaiting its owner's link), or updates imei/protocolo/chip when `id` is given. */
export async function salvarRastreador(
  deps: Pick<Infra, 'db'>,
  p: Principal,
  body: RastreadorForm,
): Promise<{ rastreador: RastreadorAdmin; criado: boolean }> {
  const imei = body.imei.trim();
  // Stored as a hash only, like a password: the admin sets it, nobody reads it back.
  const codigoAtivacaoHash = body.codigoAtivacao ? await hashSenha(body.codigoAtivacao) : undefined;
  try {
    if (body.id !== undefined) {
      const atual = await estado(deps.db, body.id);
      if (!atual) throw naoEncontrado();
      const muda = atual.imei !== imei || atual.protocolo !== body.protocolo || atual.chipId !== body.chipId;
      if (muda && atual.situacao === 'ATIVO') throw new AppError(400, MSG.rastreadorAtivoImutavel);
      if (await imeiEmUso(deps.db, imei, body.id)) throw erroDeCampo(409, 'imei', MSG.imeiJaCadastrado);
      if (atual.chipId !== body.chipId) await validarChip(deps.db, body.chipId, body.id);
      await atualizar(deps.db, body.id, {
        imei,
        protocolo: body.protocolo,
        chipId: body.chipId,
        ...(codigoAtivacaoHash ? { codigoAtivacaoHash } : {}),
      });
      return { rastreador: await obterRastreador(deps.db, body.id), criado: false };
    }
    if (await imeiEmUso(deps.db, imei)) throw erroDeCampo(409, 'imei', MSG.imeiJaCadastrado);
    await validarChip(deps.db, body.chipId);
    const id = await inserir(deps.db, {
      imei,
      protocolo: body.protocolo,
      chipId: body.chipId,
      usuarioCadastroId: p.usuarioId,
      codigoAtivacaoHash,
    });
    return { rastreador: await obterRastreador(deps.db, id), criado: true };
  } catch (err) {
    // Two saves racing for the same IMEI or chip: the unique indexes decide.
    if (isUniqueViolation(err)) throw new AppError(409, MSG.imeiJaCadastrado);
    throw err;
  }
}

/** Ativar: back to ATIVO when linked, else AGUARDANDO_VINCULO. Inativar: INATIVO (the gateway refuses it). */
export async function alterarSituacaoRastreador(db: Executor, id: number, ativo: boolean): Promise<RastreadorAdmin> {
  const atual = await estado(db, id);
  if (!atual) throw naoEncontrado();
  const situacao = ativo ? (atual.donoId !== null ? 'ATIVO' : 'AGUARDANDO_VINCULO') : 'INATIVO';
  await atualizar(db, id, { situacao });
  return obterRastreador(db, id);
}

/**
 * PUT /api/rastreadores/desligar/{id}: PER100 or the tracker's owner. Records the power-off
 * request as a command; the tracker waits for it (AGUARDANDO_DESLIGAMENTO).
 */
export async function desligarRastreador(deps: Pick<Infra, 'database' | 'db'>, p: Principal, id: number, ip: string) {
  const atual = await estado(deps.db, id);
  const admin = p.authorities.includes(PER.RASTREADORES);
  const papel = atual && !admin ? await papelNoRastreador(deps.db, p.usuarioId, id) : null;
  if (!atual || !(admin || papel !== null)) throw naoEncontrado();
  // A co-guardian sees the tracker but may not turn it off (issue #20).
  if (!admin && papel === 'GUARDIAO') throw new AppError(403, MSG.apenasDonoPode);
  if (atual.situacaoEnergia !== 'LIGADO') throw new AppError(409, MSG.rastreadorJaDesligado);
  await deps.db.transaction(async (tx) => {
    await atualizar(tx, id, { situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO' });
    await enfileirar(tx, id, p.usuarioId, [{ tipo: 'DESLIGAR' }]);
    await registrarAuditoria(tx, {
      usuarioId: p.usuarioId,
      emuladorId: p.emuladorId ?? null,
      acao: 'RASTREADOR_DESLIGAR',
      detalhe: { rastreadorId: id },
      ip,
    });
  });
  // Whichever instance holds the device's connection delivers the command now.
  await avisarGateway(deps.database, [id]);
  return { message: MSG.desligandoRastreador };
}
