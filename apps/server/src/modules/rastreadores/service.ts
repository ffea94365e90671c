import {
  DESCRICAO_SITUACAO_ENERGIA,
  DESCRICAO_SITUACAO_RASTREADOR,
  PROTOCOLOS,
  SITUACOES_ENERGIA,
  SITUACOES_RASTREADOR,
} from '@rastro/shared/dominio';
import { MSG } from '@rastro/shared/messages';
import type { Page, SelectItem } from '@rastro/shared/schemas/common';
import type { RastreadorAdmin, RastreadorDetalhe, RastreadorForm } from '@rastro/shared/schemas/rastreadores';
import type { Executor } from '../../db/client';
import type { Infra } from '../../plugins/infra';
import { hashSenha } from '../../lib/cripto';
import { ErroDaApi, erroDeCampo, naoEncontrado } from '../../lib/erros';
import { iso, isoOuNull, pagina } from '../../lib/paginacao';
import { violaUnicidade } from '../../lib/erros-do-postgres';
import type { Principal } from '../../plugins/auth';
import { itemDeChip } from '../chips/service';
import type { PortasRastreadores, VinculosDosRastreadores } from './portas';
import {
  atualizar,
  buscar,
  buscarDetalhe,
  chipEUso,
  chipsDisponiveis,
  estado,
  imeiEmUso,
  inserir,
  type FiltroRastreadores,
  type ListarRastreadores,
} from './repository';
import { umDe } from '../../lib/dominio';

type Linha = NonNullable<Awaited<ReturnType<typeof buscar>>>;

/** What the admin's row shows of the tracker's link (undefined or nulls: unlinked). */
type VinculoNaLinha = { descricao: string | null; usuarioNome: string | null };

function paraAdmin(r: Linha, v: VinculoNaLinha | undefined): RastreadorAdmin {
  const situacao = umDe(SITUACOES_RASTREADOR, r.situacao, 'AGUARDANDO_VINCULO');
  const situacaoEnergia = umDe(SITUACOES_ENERGIA, r.situacaoEnergia, 'LIGADO');
  return {
    id: r.id,
    imei: r.imei,
    rastreadorDescricao: v?.descricao ?? null,
    bateria: r.bateria,
    chipId: r.chipId,
    chipNumero: r.chipNumero,
    usuarioNome: v?.usuarioNome ?? null,
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
  listar: ListarRastreadores,
): Promise<Page<RastreadorAdmin>> {
  const { rows, total } = await listar(db, { ...f, codigo: f.codigo ? Number(f.codigo) : undefined, imei: f.imei || undefined });
  return pagina(
    rows.map((r) => paraAdmin(r, { descricao: r.vinculoDescricao, usuarioNome: r.usuarioNome })),
    total,
    f,
  );
}

export async function obterRastreador(
  db: Executor,
  id: number,
  vinculosDosRastreadores: VinculosDosRastreadores,
): Promise<RastreadorAdmin> {
  const [r, vinculos] = await Promise.all([buscar(db, id), vinculosDosRastreadores(db, [id])]);
  if (!r) throw naoEncontrado();
  return paraAdmin(r, vinculos.get(id));
}

export async function detalharRastreador(db: Executor, id: number, portas: PortasRastreadores): Promise<RastreadorDetalhe> {
  const [r, d, vinculos, loc, comandosPendentes] = await Promise.all([
    buscar(db, id),
    buscarDetalhe(db, id),
    portas.vinculosDosRastreadores(db, [id]),
    portas.ultimaLocalizacao(db, id),
    portas.comandosPendentes(db, id),
  ]);
  if (!r || !d) throw naoEncontrado();
  const v = vinculos.get(id);
  const vf = (valor: string | null | undefined) => (valor === 'V' || valor === 'F' ? valor : null);
  return {
    ...paraAdmin(r, v),
    chipDescricao: d.chipDescricao,
    nivelSinal: d.nivelSinal,
    ultimaComunicacao: isoOuNull(d.ultimaComunicacao),
    usuarioId: v?.usuarioId ?? null,
    usuarioEmail: v?.usuarioEmail ?? null,
    intervaloLocalizacao: v?.intervaloLocalizacao ?? null,
    economiaBateria: vf(v?.economiaBateria),
    ultraEconomiaBateria: vf(v?.ultraEconomiaBateria),
    ultimaLocalizacao:
      loc && loc.latitude !== null && loc.longitude !== null
        ? {
            latitude: loc.latitude,
            longitude: loc.longitude,
            dataHora: iso(loc.dataHora),
            tipo: umDe(['GPS', 'WIFI', 'LBS'] as const, loc.tipo, 'GPS'),
          }
        : null,
    comandosPendentes,
  };
}

async function validarChip(db: Executor, chipId: number, rastreadorId?: number) {
  const c = await chipEUso(db, chipId);
  if (!c) throw erroDeCampo(400, 'chipId', MSG.campoInvalido);
  if (c.situacao !== 'A') throw erroDeCampo(400, 'chipId', MSG.chipInativo);
  if (c.rastreadorId !== null && c.rastreadorId !== rastreadorId) throw erroDeCampo(409, 'chipId', MSG.chipEmUso);
}

/** Creates a tracker (awaiting its owner's link), or updates imei/protocolo/chip when `id` is given. */
export async function salvarRastreador(
  deps: Pick<Infra, 'db'>,
  p: Principal,
  body: RastreadorForm,
  vinculosDosRastreadores: VinculosDosRastreadores,
): Promise<{ rastreador: RastreadorAdmin; criado: boolean }> {
  const imei = body.imei.trim();
  // Stored as a hash only, like a password: the admin sets it, nobody reads it back.
  const codigoAtivacaoHash = body.codigoAtivacao ? await hashSenha(body.codigoAtivacao) : undefined;
  try {
    if (body.id !== undefined) {
      const atual = await estado(deps.db, body.id);
      if (!atual) throw naoEncontrado();
      const muda = atual.imei !== imei || atual.protocolo !== body.protocolo || atual.chipId !== body.chipId;
      if (muda && atual.situacao === 'ATIVO') throw new ErroDaApi(400, MSG.rastreadorAtivoImutavel);
      if (await imeiEmUso(deps.db, imei, body.id)) throw erroDeCampo(409, 'imei', MSG.imeiJaCadastrado);
      if (atual.chipId !== body.chipId) await validarChip(deps.db, body.chipId, body.id);
      await atualizar(deps.db, body.id, {
        imei,
        protocolo: body.protocolo,
        chipId: body.chipId,
        ...(codigoAtivacaoHash ? { codigoAtivacaoHash } : {}),
      });
      return { rastreador: await obterRastreador(deps.db, body.id, vinculosDosRastreadores), criado: false };
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
    return { rastreador: await obterRastreador(deps.db, id, vinculosDosRastreadores), criado: true };
  } catch (err) {
    // Two saves racing for the same IMEI or chip: the unique indexes decide.
    if (violaUnicidade(err)) throw new ErroDaApi(409, MSG.imeiJaCadastrado);
    throw err;
  }
}

/**
 * Ativar: back to ATIVO when linked, else AGUARDANDO_VINCULO. Inativar: INATIVO (the gateway
 * refuses it). Either ends a running ALERTA.
 */
export async function alterarSituacaoRastreador(
  db: Executor,
  id: number,
  ativo: boolean,
  vinculosDosRastreadores: VinculosDosRastreadores,
): Promise<RastreadorAdmin> {
  const atual = await estado(db, id);
  if (!atual) throw naoEncontrado();
  const vinculado = ativo && (await vinculosDosRastreadores(db, [id])).has(id);
  const situacao = ativo ? (vinculado ? 'ATIVO' : 'AGUARDANDO_VINCULO') : 'INATIVO';
  await atualizar(db, id, { situacao, alertaAte: null });
  return obterRastreador(db, id, vinculosDosRastreadores);
}

/** Active chips no tracker uses: the tracker form's choices (a tracker holds the link to its chip). */
export async function selecionarChipsDisponiveis(db: Executor): Promise<SelectItem[]> {
  return (await chipsDisponiveis(db)).map(itemDeChip);
}
