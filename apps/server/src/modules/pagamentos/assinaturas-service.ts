import { MSG } from '@rastro/shared/messages';
import type { FastifyBaseLogger } from 'fastify';
import { MSG_PIX, PIX_AUTOMATICO } from '@rastro/shared/pix';
import type {
  Assinatura,
  AssinaturaForm,
  FormaPagamento,
  PeriodoPlano,
  SituacaoAssinatura,
  SituacaoAutorizacao,
} from '@rastro/shared/schemas/pagamentos';
import type { Executor } from '../../db/client';
import { erroDeCampo, ErroDaApi, naoEncontrado } from '../../lib/erros';
import type { Principal } from '../../plugins/auth';
import type { Infra } from '../../plugins/infra';
import { definirSuspensao, exigirDono, travarVinculo, vinculoDoUsuario } from '../meus-rastreadores/service';
import {
  assinaturasVisiveis,
  atualizarAssinatura,
  assinaturaVisivel,
  buscarAssinatura,
  inserirAssinatura,
  travarAssinatura,
  vigentesDosVinculos,
  type LinhaAssinatura,
} from './assinaturas-repository';
import { devedorPix } from '../usuarios/service';
import { agendadasAbertas, cancelarAbertas, inserirCobrancas } from './cobrancas-repository';
import { codigoDaNovaCobranca, type RecebedorPix } from './cobrancas-service';
import { hojeEm, periodoQueContem, somarDias } from './periodos';
import { buscarPlano } from './planos-repository';
import { cancelarNoPsp } from './psp/automatico-service';
import type { ClientePix } from './psp/cliente-pix';

const paraAssinatura = (r: LinhaAssinatura, usuarioId: number): Assinatura => ({
  id: r.id,
  usuarioRastreadorId: r.usuarioRastreadorId,
  pet: r.pet,
  planoId: r.planoId,
  plano: r.plano,
  valorCentavos: r.valorCentavos,
  periodo: r.periodo as PeriodoPlano,
  forma: r.forma as FormaPagamento,
  situacao: r.situacao as SituacaoAssinatura,
  inicio: r.inicio,
  pagoAte: r.pagoAte,
  cancelarNoFim: r.cancelarNoFim,
  autorizacao: r.autorizacao as SituacaoAutorizacao | null,
  papel: r.usuarioId === usuarioId ? 'DONO' : 'GUARDIAO',
});

/** The receiver of the charges, or 409 while payments are off (no PIX_CHAVE). */
function recebedor(deps: Pick<Infra, 'config'>): RecebedorPix {
  const pix = deps.config.pagamentos.pix;
  if (!pix) throw new ErroDaApi(409, MSG.pagamentosDesligados);
  return pix;
}

/** GET /api/usuarios/assinaturas: what the caller pays and, as a guardian, the state of the pets they watch. */
export async function minhasAssinaturas(db: Executor, p: Principal): Promise<Assinatura[]> {
  return (await assinaturasVisiveis(db, p.usuarioId)).map((r) => paraAssinatura(r, p.usuarioId));
}

/**
 * POST /api/usuarios/assinaturas: the owner subscribes one of their pets to an active plan, at the
 * plan's price of today. The first period starts today and its charge is due today. With Pix
 * Automático (a PSP offering it), the recurrence is created and the owner's bank asked to have it
 * authorised before anything is stored: the first charge is paid now with a code, the next ones
 * are debited once the owner authorises (502 when the PSP does not answer; nothing is kept).
 */
export async function assinar(
  deps: Pick<Infra, 'config' | 'db'>,
  p: Principal,
  f: AssinaturaForm,
  cliente?: ClientePix,
  log?: FastifyBaseLogger,
): Promise<Assinatura> {
  const pix = recebedor(deps);
  const automatico = f.forma === 'PIX_AUTOMATICO';
  if (automatico && !cliente?.automatico) throw erroDeCampo(400, 'forma', MSG.pixAutomaticoIndisponivel);
  const vinculo = await vinculoDoUsuario(deps.db, p.usuarioId, f.usuarioRastreadorId);
  if (!vinculo) throw naoEncontrado();
  exigirDono(vinculo, p);
  const plano = await buscarPlano(deps.db, f.planoId);
  if (!plano?.ativo) throw erroDeCampo(400, 'planoId', MSG.planoIndisponivel);
  const hoje = hojeEm(deps.config.timezone);
  const periodo = periodoQueContem(hoje, plano.periodo as PeriodoPlano, hoje);
  let idRec: string | undefined;
  if (automatico && cliente && f.contaPagador) {
    if ((await vigentesDosVinculos(deps.db, [vinculo.id])).length > 0) throw new ErroDaApi(409, MSG.assinaturaJaExiste);
    const devedor = await devedorPix(deps.db, p.usuarioId);
    if (!devedor?.cpf || !/^\d{11}$/.test(devedor.cpf)) throw erroDeCampo(400, 'forma', MSG_PIX.pixAutomaticoSemCpf);
    try {
      idRec = await cliente.pedirAutorizacao({
        contrato: `RASTRO-${vinculo.id}-${hoje.replaceAll('-', '')}`,
        objeto: `Assinatura Rastro: ${vinculo.descricao}`,
        devedor: { cpf: devedor.cpf, nome: devedor.nome },
        dataInicial: somarDias(periodo.fim, 1),
        periodicidade: plano.periodo as PeriodoPlano,
        valorCentavos: plano.valorCentavos,
        conta: f.contaPagador,
        expiraEm: new Date(Date.now() + PIX_AUTOMATICO.diasParaAutorizar * 86_400_000),
      });
    } catch (err) {
      log?.warn({ err }, 'o PSP não criou a recorrência do Pix Automático');
      throw new ErroDaApi(502, MSG_PIX.pixAutomaticoFalhou);
    }
  }
  const id = await deps.db.transaction(async (tx) => {
    await travarVinculo(tx, vinculo.id);
    const novo = await inserirAssinatura(tx, {
      usuarioRastreadorId: vinculo.id,
      usuarioId: p.usuarioId,
      pet: vinculo.descricao,
      planoId: plano.id,
      valorCentavos: plano.valorCentavos,
      periodo: plano.periodo,
      diasCarencia: plano.diasCarencia,
      forma: f.forma,
      inicio: hoje,
      ...(idRec ? { idRec, autorizacao: 'AGUARDANDO', autorizacaoEm: new Date() } : {}),
    });
    if (novo === undefined) return undefined;
    await inserirCobrancas(tx, [
      {
        assinaturaId: novo,
        usuarioId: p.usuarioId,
        ...codigoDaNovaCobranca(pix, deps.config.pagamentos.psp !== undefined, plano.valorCentavos),
        valorCentavos: plano.valorCentavos,
        periodoInicio: periodo.inicio,
        periodoFim: periodo.fim,
        vencimento: periodo.inicio,
        // The owner is paying it now, on the screen with its code: no reminder.
        lembretes: 3,
      },
    ]);
    return novo;
  });
  if (id === undefined) {
    // Another request subscribed the pet meanwhile: the recurrence asked for is withdrawn.
    if (idRec && cliente && log) await cancelarNoPsp(cliente, idRec, [], log);
    throw new ErroDaApi(409, MSG.assinaturaJaExiste);
  }
  const r = await buscarAssinatura(deps.db, id);
  if (!r) throw naoEncontrado();
  return paraAssinatura(r, p.usuarioId);
}

/**
 * DELETE /api/usuarios/assinaturas/{id}: the owner cancels. What was paid runs to its end (then the
 * round closes it); a subscription never paid ends now. Charges not paid are cancelled either way.
 */
export async function cancelarAssinatura(
  deps: Pick<Infra, 'config' | 'db'>,
  p: Principal,
  id: number,
  cliente?: ClientePix,
  log?: FastifyBaseLogger,
): Promise<Assinatura> {
  const atual = await assinaturaVisivel(deps.db, p.usuarioId, id);
  if (!atual) throw naoEncontrado();
  exigirDono(atual, p);
  if (atual.situacao === 'CANCELADA') throw new ErroDaApi(409, MSG.assinaturaJaCancelada);
  const hoje = hojeEm(deps.config.timezone);
  const noPsp = await deps.db.transaction(async (tx) => {
    const a = await travarAssinatura(tx, id);
    if (!a || a.situacao === 'CANCELADA') return undefined;
    // Pix Automático: nothing more is debited; the PSP is told once this commits.
    const recorrencia =
      a.idRec && (a.autorizacao === 'AGUARDANDO' || a.autorizacao === 'APROVADA')
        ? { idRec: a.idRec, txids: (await agendadasAbertas(tx, id)).map((c) => c.txid) }
        : undefined;
    if (recorrencia) await atualizarAssinatura(tx, id, { autorizacao: 'CANCELADA', autorizacaoEm: new Date() });
    await cancelarAbertas(tx, [id]);
    if (a.pagoAte !== null && a.pagoAte >= hoje) await atualizarAssinatura(tx, id, { cancelarNoFim: true });
    else {
      await atualizarAssinatura(tx, id, { situacao: 'CANCELADA', canceladaEm: new Date(), cancelarNoFim: true, suspensaEm: null });
      if (a.usuarioRastreadorId !== null && a.situacao === 'SUSPENSA') await definirSuspensao(tx, [a.usuarioRastreadorId], null);
    }
    return recorrencia;
  });
  if (noPsp && cliente && log) await cancelarNoPsp(cliente, noPsp.idRec, noPsp.txids, log);
  const r = await buscarAssinatura(deps.db, id);
  if (!r) throw naoEncontrado();
  return paraAssinatura(r, p.usuarioId);
}
