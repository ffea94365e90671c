import { RESET_LINK_HORAS } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { ResetaSenha } from '@rastro/shared/schemas/auth';
import type { Ctx } from '../../context';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { hashSenha, novoToken, sha256 } from '../../lib/crypto';
import { enfileirar } from '../email/repository';
import { primeiroAcesso, redefinicaoSenha } from '../email/templates';
import { atualizarSenha, buscarParaLogin, buscarSessao } from '../usuarios/repository';
import {
  buscarSenhaTokenValido,
  consumirSenhaToken,
  criarSenhaToken,
  invalidarSenhaTokens,
  registrarAuditoria,
  revogarTokensDoUsuario,
  type TipoSenhaToken,
} from './repository';

const validade = () => new Date(Date.now() + RESET_LINK_HORAS * 3_600_000);
const linkDe = (ctx: Ctx, token: string) => `${ctx.config.appUrl}/auth/alterar-sua-senha/${token}`;

async function novoLink(ctx: Ctx, tx: Executor, usuarioId: number, tipo: TipoSenhaToken) {
  const token = novoToken();
  await criarSenhaToken(tx, usuarioId, sha256(token), tipo, validade());
  return linkDe(ctx, token);
}

/**
 * PUT /users/pass/send-link. The answer is the same whether or not the address has an account,
 * so the form cannot be used to discover who is a customer.
 */
export async function enviarLink(ctx: Ctx, emailAtual: string, ip: string) {
  const { limits } = ctx.config;
  const email = emailAtual.trim().toLowerCase();
  if (
    !ctx.limiter.hit(`reset:ip:${ip}`, limits.resetIp, limits.windowMs) ||
    !ctx.limiter.hit(`reset:email:${email}`, limits.resetEmail, limits.windowMs)
  ) {
    throw new AppError(429, MSG.muitasTentativas);
  }
  const usuario = await buscarParaLogin(ctx.db, email);
  if (usuario?.situacao) {
    await ctx.db.transaction(async (tx) => {
      const link = await novoLink(ctx, tx, usuario.id, 'RESET');
      await enfileirar(tx, { destinatario: usuario.email, ...redefinicaoSenha({ nome: usuario.nome, link, horas: RESET_LINK_HORAS }) });
      await registrarAuditoria(tx, { usuarioId: usuario.id, acao: 'LINK_SENHA_ENVIADO', ip });
    });
    ctx.emails.kick();
  }
  return { message: MSG.redefinicaoEnviada };
}

/** Sends the first-access link to a user created by an administrator (no password by e-mail). */
export async function enviarPrimeiroAcesso(ctx: Ctx, tx: Executor, usuarioId: number) {
  const u = await buscarSessao(tx, usuarioId);
  if (!u) throw new Error(`usuario ${usuarioId} inexistente`);
  const link = await novoLink(ctx, tx, u.id, 'PRIMEIRO_ACESSO');
  await enfileirar(tx, { destinatario: u.email, ...primeiroAcesso({ nome: u.nome, email: u.email, link, horas: RESET_LINK_HORAS }) });
}

/** GET /users/pass/valida-token. */
export async function validarToken(ctx: Ctx, token: string) {
  const t = await buscarSenhaTokenValido(ctx.db, sha256(token));
  if (!t) throw new AppError(400, MSG.linkInvalido);
  return { valido: true as const };
}

/** POST /users/pass/reseta-senha: single use; ends every open session of the user. */
export async function redefinirSenha(ctx: Ctx, body: ResetaSenha, ip: string) {
  const t = await buscarSenhaTokenValido(ctx.db, sha256(body.token));
  if (!t) throw new AppError(400, MSG.linkInvalido);
  const novoHash = await hashSenha(body.senhaNova);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumirSenhaToken(tx, t.id))) throw new AppError(400, MSG.linkInvalido);
    await atualizarSenha(tx, t.usuarioId, novoHash);
    await invalidarSenhaTokens(tx, t.usuarioId);
    await revogarTokensDoUsuario(tx, t.usuarioId);
    await registrarAuditoria(tx, { usuarioId: t.usuarioId, acao: t.tipo === 'RESET' ? 'SENHA_REDEFINIDA' : 'PRIMEIRO_ACESSO', ip });
  });
  return { message: MSG.senhaAlterada };
}
