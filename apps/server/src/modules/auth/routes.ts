import {
  alterarSenhaSchema,
  checkTokenRequestSchema,
  checkTokenResponseSchema,
  mensagemSchema,
  resetaSenhaSchema,
  enviarSenhaTokenSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  validaTokenQuerySchema,
  validaTokenResponseSchema,
} from '@rastro/shared/schemas/auth';
import { erroOAuthSchema, erroSchema } from '@rastro/shared/schemas/common';
import { MSG } from '@rastro/shared/messages';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { OAuthError } from '../../lib/erros';
import { igualSeguro } from '../../lib/cripto';
import type { AppInstance } from '../../lib/tipos';
import { principalDe } from '../../plugins/auth';
import { redefinirSenha, enviarLink, validarToken } from './senha-service';
import { alterarSenha, checkToken, login, logout } from './service';

/** The web client authenticates with HTTP Basic (OAUTH_CLIENT_ID / OAUTH_CLIENT_SECRET). */
function exigirCliente(oauth: Config['oauth'], req: FastifyRequest) {
  const m = /^Basic\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const [id, ...resto] = m?.[1] ? Buffer.from(m[1], 'base64').toString('utf8').split(':') : [];
  const secret = resto.join(':');
  const ok = id !== undefined && igualSeguro(id, oauth.clientId) && igualSeguro(secret, oauth.clientSecret);
  if (!ok) throw new OAuthError(401, 'invalid_client', MSG.clienteInvalido);
}

const oauthErros = { 400: erroOAuthSchema, 401: erroOAuthSchema, 429: erroOAuthSchema };

export async function authModule(app: AppInstance) {
  app.post('/oauth/token', {
    config: { oauth: true },
    schema: {
      tags: ['Autenticação'],
      summary: 'Login (password grant): devolve o token de acesso',
      consumes: ['application/x-www-form-urlencoded'],
      body: tokenRequestSchema,
      response: { 200: tokenResponseSchema, ...oauthErros },
    },
    handler: async (req) => {
      exigirCliente(app.config.oauth, req);
      return login(app, {
        grantType: req.body.grant_type,
        username: req.body.username,
        password: req.body.password,
        captcha: req.body['g-recaptcha-response'],
        ip: req.ip,
      });
    },
  });

  app.post('/oauth/check_token', {
    config: { oauth: true },
    schema: {
      tags: ['Autenticação'],
      summary: 'Verifica um token de acesso',
      consumes: ['application/x-www-form-urlencoded'],
      body: checkTokenRequestSchema,
      response: { 200: checkTokenResponseSchema, 400: erroOAuthSchema, 401: erroOAuthSchema },
    },
    // Only the OAuth client may ask whose a token is (RFC 7662 §2.1: the caller authenticates).
    handler: (req) => {
      exigirCliente(app.config.oauth, req);
      return checkToken(app, req.body.token);
    },
  });

  app.get('/api/logout', {
    onRequest: app.auth.autenticar,
    schema: { tags: ['Autenticação'], summary: 'Revoga o token em uso', response: { 200: mensagemSchema, 401: erroSchema } },
    handler: async (req) => {
      await logout(app, principalDe(req));
      return { message: 'Sessão encerrada.' };
    },
  });

  app.put('/api/usuarios/alterar-senha', {
    onRequest: app.auth.autenticar,
    schema: {
      tags: ['Autenticação'],
      summary: 'Altera a senha do usuário logado (encerra todas as sessões)',
      body: alterarSenhaSchema,
      response: { 200: mensagemSchema, 400: erroSchema, 401: erroSchema, 429: erroSchema },
    },
    handler: (req) => alterarSenha(app, principalDe(req), req.body, req.ip),
  });

  app.put('/users/pass/send-link', {
    schema: {
      tags: ['Senha'],
      summary: 'Envia o link de redefinição de senha',
      body: enviarSenhaTokenSchema,
      response: { 200: mensagemSchema, 400: erroSchema, 429: erroSchema },
    },
    handler: (req) => enviarLink(app, req.body.emailAtual, req.ip),
  });

  app.get('/users/pass/valida-token', {
    schema: {
      tags: ['Senha'],
      summary: 'Verifica um link de redefinição de senha',
      querystring: validaTokenQuerySchema,
      response: { 200: validaTokenResponseSchema, 400: erroSchema },
    },
    handler: (req) => validarToken(app.db, req.query.token),
  });

  app.post('/users/pass/reseta-senha', {
    schema: {
      tags: ['Senha'],
      summary: 'Define a nova senha a partir do link',
      body: resetaSenhaSchema,
      response: { 200: mensagemSchema, 400: erroSchema },
    },
    handler: (req) => redefinirSenha(app.db, req.body, req.ip),
  });
}
