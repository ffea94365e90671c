import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/roles';
import type { MinhaConta, UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { onlyDigits } from '@rastro/shared/validators';
import type { Ctx } from '../../context';
import { erroDeCampo, naoEncontrado } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Principal } from '../../plugins/auth';
import { registrarAuditoria } from '../auth/repository';
import { atualizar, cpfEmUso } from './admin-repository';
import { obterUsuario, validarEndereco, valoresDoFormulario } from './admin-service';

/** GET /users/{id}: the caller's own data (an administrator with PER2 may read anyone's). */
export async function obterConta(ctx: Ctx, p: Principal, id: number): Promise<UsuarioDetalhe> {
  if (id !== p.usuarioId && !p.authorities.includes(PER.USUARIOS)) throw naoEncontrado();
  return obterUsuario(ctx, id);
}

/**
 * POST /users: updates the caller's own data. Name, e-mail, birth date and level are not the
 * user's to change; the CPF is set once (when the account was created without one).
 */
export async function atualizarConta(ctx: Ctx, p: Principal, b: MinhaConta, ip: string): Promise<UsuarioDetalhe> {
  const atual = await obterUsuario(ctx, p.usuarioId);
  const cpf = atual.cpf ?? onlyDigits(b.cpf);
  if (atual.cpf === null && (await cpfEmUso(ctx.db, cpf, p.usuarioId))) throw erroDeCampo(409, 'cpf', MSG.cpfJaCadastrado);
  await validarEndereco(ctx, b.estadoId, b.cidadeId);
  try {
    return await ctx.db.transaction(async (tx) => {
      await atualizar(tx, p.usuarioId, { ...valoresDoFormulario(b), cpf });
      await registrarAuditoria(tx, { usuarioId: p.usuarioId, emuladorId: p.emuladorId ?? null, acao: 'CONTA_ATUALIZADA', ip });
      return obterUsuario(ctx, p.usuarioId, tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw erroDeCampo(409, 'cpf', MSG.cpfJaCadastrado);
    throw err;
  }
}
