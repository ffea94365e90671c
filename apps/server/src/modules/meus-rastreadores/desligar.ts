import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/permissoes';
import type { Infra } from '../../plugins/infra';
import { ErroDaApi, naoEncontrado } from '../../lib/erros';
import type { Principal } from '../../plugins/auth';
import { registrarAuditoria } from '../auditoria/service';
import { avisarGateway, enfileirar } from '../comandos/service';
import { marcarAguardandoDesligamento, situacaoEnergiaDoRastreador } from '../rastreadores/alteracoes-service';
import { papelNoRastreador } from './service';

/**
 * PUT /api/rastreadores/desligar/{id}: PER100 or the tracker's owner. Records the power-off
 * request as a command; the tracker waits for it (AGUARDANDO_DESLIGAMENTO).
 */
export async function desligarRastreador(deps: Pick<Infra, 'database' | 'db'>, p: Principal, id: number, ip: string) {
  const energia = await situacaoEnergiaDoRastreador(deps.db, id);
  const admin = p.authorities.includes(PER.RASTREADORES);
  const papel = energia !== undefined && !admin ? await papelNoRastreador(deps.db, p.usuarioId, id) : null;
  if (energia === undefined || !(admin || papel !== null)) throw naoEncontrado();
  // A co-guardian sees the tracker but may not turn it off (issue #20).
  if (!admin && papel === 'GUARDIAO') throw new ErroDaApi(403, MSG.apenasDonoPode);
  if (energia !== 'LIGADO') throw new ErroDaApi(409, MSG.rastreadorJaDesligado);
  await deps.db.transaction(async (tx) => {
    await marcarAguardandoDesligamento(tx, id);
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
  await avisarGateway(deps, [id]);
  return { message: MSG.desligandoRastreador };
}
