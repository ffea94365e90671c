import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/permissoes';
import type { MinhaConta, UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { onlyDigits } from '@rastro/shared/validators';
import type { Executor } from '../../db/client';
import type { Infra } from '../../plugins/infra';
import { erroDeCampo, naoEncontrado } from '../../lib/erros';
import { violaUnicidade } from '../../lib/erros-do-postgres';
import type { Principal } from '../../plugins/auth';
import { registrarAuditoria } from '../auditoria/service';
import { atualizar, cpfEmUso } from './admin-repository';
import { obterUsuario, validarEndereco, valoresDoFormulario } from './admin-service';

/** GET /users/{id}: the caller's own data (an administrator with PER2 may read anyone's). */
export async function obterConta(db: Executor, p: Principal, id: number): Promise<UsuarioDetalhe> {
  if (id !== p.usuarioId && !p.authorities.includes(PER.USUARIOS)) throw naoEncontrado();
  return obterUsuario(db, id);
}

/**
 * POST /users: updates the caller's own data. Name, e-mail, birth date and level are not the
 * user's to change; the CPF is set once (when the account was created without one).
 */
export async function atualizarConta(deps: Pick<Infra, 'db'>, p: Principal, b: MinhaConta, ip: string): Promise<UsuarioDetalhe> {
  const atual = await obterUsuario(deps.db, p.usuarioId);
  const cpf = atual.cpf ?? onlyDigits(b.cpf);
  if (atual.cpf === null && (await cpfEmUso(deps.db, cpf, p.usuarioId))) throw erroDeCampo(409, 'cpf', MSG.cpfJaCadastrado);
  await validarEndereco(deps.db, b.estadoId, b.cidadeId);
  try {
    return await deps.db.transaction(async (tx) => {
      await atualizar(tx, p.usuarioId, { ...valoresDoFormulario(b), cpf });
      await registrarAuditoria(tx, { usuarioId: p.usuarioId, emuladorId: p.emuladorId ?? null, acao: 'CONTA_ATUALIZADA', ip });
      return obterUsuario(tx, p.usuarioId);
    });
  } catch (err) {
    if (violaUnicidade(err)) throw erroDeCampo(409, 'cpf', MSG.cpfJaCadastrado);
    throw err;
  }
}
