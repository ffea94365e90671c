import { MSG } from '@rastro/shared/messages';
import type { Cadastro } from '@rastro/shared/schemas/auth';
import { onlyDigits } from '@rastro/shared/validators';
import type { Infra } from '../../plugins/infra';
import { NIVEL_CLIENTE } from './seed';
import type { Executor } from '../../db/client';
import { ErroDaApi, erroDeCampo } from '../../lib/erros';
import { hashSenha } from '../../lib/cripto';
import { violaUnicidade } from '../../lib/erros-do-postgres';
import { registrarAuditoria } from '../auditoria/service';
import { boasVindas } from '../../plugins/email/templates';
import { emailEmUso, idDoNivel, inserir } from './repository';

/**
 * What signing up through a co-guardian invite also does, in the sign-up's transaction: the
 * meus-rastreadores accepts the invite for the new user, or throws (and the sign-up is undone).
 */
export type AoCadastrarComConvite = (tx: Executor, usuarioId: number, convite: string) => Promise<unknown>;

/** POST /users/sign-up: a new owner (level Cliente) and a welcome e-mail. */
export async function cadastrar(
  deps: Pick<Infra, 'config' | 'db' | 'emails' | 'limiter'>,
  body: Cadastro,
  ip: string,
  aoCadastrarComConvite: AoCadastrarComConvite,
) {
  const { limits } = deps.config;
  const email = body.email.trim().toLowerCase();
  if (
    !(await deps.limiter.hit(`signup:ip:${ip}`, limits.signupIp, limits.windowMs)) ||
    !(await deps.limiter.hit(`signup:email:${email}`, limits.signupEmail, limits.windowMs))
  ) {
    throw new ErroDaApi(429, MSG.muitasTentativas);
  }
  const jaExiste = () => erroDeCampo(409, 'email', MSG.emailJaCadastrado);
  if (await emailEmUso(deps.db, email)) throw jaExiste();
  const nivelId = await idDoNivel(deps.db, NIVEL_CLIENTE);
  if (nivelId === undefined) throw new Error('nível Cliente ausente');
  const senhaHash = await hashSenha(body.senha);
  const nome = body.nome.trim().toUpperCase();
  try {
    const criado = await deps.db.transaction(async (tx) => {
      const u = await inserir(tx, { nome, email, senhaHash, telefoneCelular: onlyDigits(body.telefoneCelular), nivelId, situacao: true });
      await deps.emails.enfileirar(tx, { destinatario: email, ...boasVindas({ nome: u.nome, email, appUrl: deps.config.appUrl }) });
      await registrarAuditoria(tx, { usuarioId: u.id, acao: 'CADASTRO', ip });
      // Signed up through a co-guardian invite: linked in the same transaction (a bad invite undoes the sign-up).
      if (body.convite) await aoCadastrarComConvite(tx, u.id, body.convite);
      return u;
    });
    deps.emails.kick();
    return criado;
  } catch (err) {
    if (violaUnicidade(err)) throw jaExiste();
    throw err;
  }
}
