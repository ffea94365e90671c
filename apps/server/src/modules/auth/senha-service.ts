import { SENHA_TOKEN_HORAS } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { ResetaSenha } from '@rastro/shared/schemas/auth';
import type { Infra } from '../../plugins/infra';
import type { Db, Executor } from '../../db/client';
import { ErroDaApi } from '../../lib/erros';
import { registrarAuditoria } from '../auditoria/service';
import { hashSenha, novoToken, sha256 } from '../../lib/cripto';
import { primeiroAcesso, redefinicaoSenha } from '../../plugins/email/templates';
import { atualizarSenha, buscarParaLogin, buscarSessao } from '../usuarios/service';
import {
  buscarSenhaTokenValido,
  consumirSenhaToken,
  criarSenhaToken,
  invalidarSenhaTokens,
  revogarSessoesDoUsuario,
  type TipoSenhaToken,
} from './repository';

const validade = () => new Date(Date.now() + SENHA_TOKEN_HORAS * 3_600_000);
const linkDe = (deps: Pick<Infra, 'config'>, token: string) => `${deps.config.appUrl}/auth/alterar-sua-senha/${token}`;

async function novoLink(deps: Pick<Infra, 'config'>, tx: Executor, usuarioId: number, tipo: TipoSenhaToken) {
  const token = novoToken();
  await criarSenhaToken(tx, usuarioId, sha256(token), tipo, validade());
  return linkDe(deps, token);
}

/**
 * PUT /users/pass/send-link. The answer is the same whether or not the address has an account,
 * so the form cannot be used to discover who is a customer.
 */
export async function enviarLink(deps: Pick<Infra, 'config' | 'db' | 'emails' | 'limiter'>, emailAtual: string, ip: string) {
  const { limits } = deps.config;
  const email = emailAtual.trim().toLowerCase();
  if (
    !(await deps.limiter.hit(`reset:ip:${ip}`, limits.resetIp, limits.windowMs)) ||
    !(await deps.limiter.hit(`reset:email:${email}`, limits.resetEmail, limits.windowMs))
  ) {
    throw new ErroDaApi(429, MSG.muitasTentativas);
  }
  const usuario = await buscarParaLogin(deps.db, email);
  if (usuario?.situacao) {
    await deps.db.transaction(async (tx) => {
      const link = await novoLink(deps, tx, usuario.id, 'RESET');
      await deps.emails.enfileirar(tx, {
        destinatario: usuario.email,
        ...redefinicaoSenha({ nome: usuario.nome, link, horas: SENHA_TOKEN_HORAS }),
      });
      await registrarAuditoria(tx, { usuarioId: usuario.id, acao: 'LINK_SENHA_ENVIADO', ip });
    });
    deps.emails.kick();
  }
  return { message: MSG.redefinicaoEnviada };
}

/** Sends the first-access link to a user created by an administrator (no password by e-mail). */
export async function enviarPrimeiroAcesso(deps: Pick<Infra, 'config' | 'emails'>, tx: Executor, usuarioId: number) {
  const u = await buscarSessao(tx, usuarioId);
  if (!u) throw new Error(`usuario ${usuarioId} inexistente`);
  const link = await novoLink(deps, tx, u.id, 'PRIMEIRO_ACESSO');
  await deps.emails.enfileirar(tx, {
    destinatario: u.email,
    ...primeiroAcesso({ nome: u.nome, email: u.email, link, horas: SENHA_TOKEN_HORAS }),
  });
}

/** GET /users/pass/valida-token. */
export async function validarToken(db: Executor, token: string) {
  const t = await buscarSenhaTokenValido(db, sha256(token));
  if (!t) throw new ErroDaApi(400, MSG.linkInvalido);
  return { valido: true as const };
}

/** POST /users/pass/reseta-senha: single use; ends every open session of the user. */
export async function redefinirSenha(db: Db, body: ResetaSenha, ip: string) {
  const t = await buscarSenhaTokenValido(db, sha256(body.token));
  if (!t) throw new ErroDaApi(400, MSG.linkInvalido);
  const novoHash = await hashSenha(body.senhaNova);
  await db.transaction(async (tx) => {
    if (!(await consumirSenhaToken(tx, t.id))) throw new ErroDaApi(400, MSG.linkInvalido);
    await atualizarSenha(tx, t.usuarioId, novoHash);
    await invalidarSenhaTokens(tx, t.usuarioId);
    await revogarSessoesDoUsuario(tx, t.usuarioId);
    await registrarAuditoria(tx, { usuarioId: t.usuarioId, acao: t.tipo === 'RESET' ? 'SENHA_REDEFINIDA' : 'PRIMEIRO_ACESSO', ip });
  });
  return { message: MSG.senhaAlterada };
}
