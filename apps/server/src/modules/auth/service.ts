import { MSG } from '@rastro/shared/messages';
import type { AlterarSenha, TokenResponse } from '@rastro/shared/schemas/auth';
import { isEmailValido } from '@rastro/shared/validators';
import type { Infra } from '../../plugins/infra';
import { ErroDaApi, erroDeCampo, OAuthError } from '../../lib/erros';
import { hashSenha, novoToken, sha256, verificarSenha } from '../../lib/cripto';
import type { Principal } from '../../plugins/auth';
import { atualizarSenha, buscarParaLogin, buscarSenhaHash } from '../usuarios/service';
import { registrarAuditoria } from '../auditoria/service';
import { criarSessao, invalidarSenhaTokens, revogarSessao, revogarSessoesDoUsuario } from './repository';

export { revogarSessoesDoUsuario };

export interface LoginInput {
  grantType?: string | undefined;
  username?: string | undefined;
  password?: string | undefined;
  captcha?: string | undefined;
  ip: string;
}

const muitasTentativas = () => new OAuthError(429, 'too_many_requests', MSG.muitasTentativas);

/** Failed attempts of one source on one e-mail answered at once; each one after waits twice as long. */
const TENTATIVAS_SEM_ESPERA = 3;
const ESPERA_BASE_MS = 500;
const ESPERA_MAX_MS = 8000;

/** How long the next attempt of a source that already failed `falhas` times on an e-mail waits. */
const esperaDoLogin = (falhas: number) =>
  falhas < TENTATIVAS_SEM_ESPERA ? 0 : Math.min(ESPERA_MAX_MS, ESPERA_BASE_MS * 2 ** (falhas - TENTATIVAS_SEM_ESPERA));

/** POST /oauth/token, password grant. */
export async function login(deps: Pick<Infra, 'captcha' | 'config' | 'db' | 'limiter'>, input: LoginInput): Promise<TokenResponse> {
  const { limits } = deps.config;
  if (input.grantType !== 'password') throw new OAuthError(400, 'unsupported_grant_type', MSG.grantNaoSuportado);
  if (!(await deps.limiter.hit(`login:ip:${input.ip}`, limits.loginIp, limits.windowMs))) throw muitasTentativas();
  const email = (input.username ?? '').trim().toLowerCase();
  const senha = input.password ?? '';
  if (!email || !senha) throw new OAuthError(400, 'invalid_request', MSG.campoObrigatorio);
  if (email.length > 80 || senha.length > 255 || !isEmailValido(email))
    throw new OAuthError(400, 'invalid_grant', MSG.emailOuSenhaInvalidos);
  // The captcha first: without solving one, nobody can spend (and so lock) an account's attempts.
  if (!(await deps.captcha.verificar(input.captcha, input.ip))) throw new OAuthError(400, 'invalid_captcha', MSG.resolvaCaptcha);
  // Counted per e-mail *and* source: guesses from elsewhere slow and stop only their own source,
  // never the owner of the account logging in from theirs.
  const chave = `login:email-ip:${email}|${input.ip}`;
  const tentativas = (await deps.limiter.incr(chave, limits.windowMs)).count;
  if (tentativas > limits.loginEmail) throw muitasTentativas();
  // The ones before this one: a success resets the key, so each was a failure.
  const espera = esperaDoLogin(tentativas - 1);
  if (espera > 0) await new Promise((r) => setTimeout(r, espera));

  const usuario = await buscarParaLogin(deps.db, email);
  const senhaOk = await verificarSenha(usuario?.senhaHash ?? null, senha);
  if (!usuario || !senhaOk) {
    await registrarAuditoria(deps.db, { usuarioId: usuario?.id ?? null, acao: 'LOGIN_FALHOU', ip: input.ip });
    throw new OAuthError(400, 'invalid_grant', MSG.emailOuSenhaInvalidos);
  }
  if (!usuario.situacao) throw new OAuthError(400, 'usuario_inativo', MSG.usuarioInativo);

  await deps.limiter.reset(chave);
  const token = novoToken();
  const ttlSeconds = deps.config.oauth.tokenTtlDays * 86_400;
  await criarSessao(deps.db, usuario.id, sha256(token), new Date(Date.now() + ttlSeconds * 1000));
  await registrarAuditoria(deps.db, { usuarioId: usuario.id, acao: 'LOGIN', ip: input.ip });
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: ttlSeconds,
    usuarioId: usuario.id,
    nome: usuario.nome,
    email: usuario.email,
    authorities: usuario.authorities,
    isClient: usuario.isClient,
  };
}

/** POST /oauth/check_token. */
export async function checkToken(deps: Pick<Infra, 'auth'>, token: string | undefined) {
  const r = token ? await deps.auth.consultarToken(token) : undefined;
  if (!r) throw new OAuthError(400, 'invalid_token', MSG.tokenInvalido);
  const u = r.usuario;
  return {
    active: true as const,
    exp: Math.floor(r.expiraEm.getTime() / 1000),
    usuarioId: u.id,
    nome: u.nome,
    email: u.email,
    authorities: u.authorities,
    isClient: u.isClient,
  };
}

export async function logout(deps: Pick<Infra, 'auth' | 'db'>, p: Principal) {
  // A transaction: the other instances' NOTIFY goes out with the revocation, never without it.
  await deps.db.transaction((tx) => revogarSessao(tx, p.tokenHash));
  // A GET that changes something: the cache's own rule (clear after non-GET requests) misses it.
  deps.auth.cache.limpar();
}

/** PUT /api/usuarios/alterar-senha: every session of the user ends, this one included. */
export async function alterarSenha(deps: Pick<Infra, 'config' | 'db' | 'limiter'>, p: Principal, body: AlterarSenha, ip: string) {
  const { limits } = deps.config;
  if (!(await deps.limiter.hit(`alterar-senha:${p.usuarioId}`, limits.loginEmail, limits.windowMs))) {
    throw new ErroDaApi(429, MSG.muitasTentativas);
  }
  const atual = await buscarSenhaHash(deps.db, p.usuarioId);
  if (!(await verificarSenha(atual, body.senhaAtual))) throw erroDeCampo(400, 'senhaAtual', MSG.senhaAtualIncorreta);
  const novoHash = await hashSenha(body.senhaNova);
  await deps.db.transaction(async (tx) => {
    await atualizarSenha(tx, p.usuarioId, novoHash);
    await revogarSessoesDoUsuario(tx, p.usuarioId);
    await invalidarSenhaTokens(tx, p.usuarioId);
    await registrarAuditoria(tx, { usuarioId: p.usuarioId, emuladorId: p.emuladorId ?? null, acao: 'SENHA_ALTERADA', ip });
  });
  return { message: MSG.senhaAlterada };
}
