import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { MSG } from '@rastro/shared/messages';
import { PER, TODAS_PERMISSOES, type Permissao } from '@rastro/shared/permissoes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { novoToken, sha256 } from '../../src/lib/cripto';
import { criarSenhaToken } from '../../src/modules/auth/repository';
import { ADMIN, basicCliente, bearer, criarApp, entrar, resolverCaptcha, type TestApp } from '../apoio/helpers';
import { cpfValido } from '@rastro/testes/cpf';
import { contar, criarCliente, criarNivel, criarUsuarioLogado, registrarRastreador } from '../apoio/fixtures';
import { iniciarViaCep } from '@rastro/testes/viacep-fake';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';

/**
 * Every route of the OpenAPI document × five callers: anonymous, client A (owner of tracker X and
 * its link LX), client B (another client with a tracker of their own), an administrator whose
 * level has every code except the one the route depends on, and the seeded administrator.
 * Path params, query and bodies point at A's resources and are valid, so what is checked is
 * authorisation and never validation. A route the document lists but this table does not
 * fails the last test.
 */

type Quem = 'anonimo' | 'a' | 'b' | 'semCodigo' | 'admin' | 'guardiao';
/** A refusal with its own pt-BR message (a co-guardian told only the owner may do it). */
interface Recusa {
  status: 400 | 403 | 410;
  message: string;
}
/** 'ok' = 2xx; 'publico' = 2xx for everyone, no login needed; a number = that status; or a refusal with its message. */
type Resultado = 'ok' | 'publico' | 401 | 403 | 404 | Recusa;
type Esperado = Record<Quem, Resultado>;
type Metodo = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Pedido {
  url: string;
  payload?: Record<string, unknown> | string | Buffer;
  headers?: Record<string, string>;
}

interface Entrada {
  /** As the OpenAPI document names it: 'GET /api/chips/{id}'. */
  rota: `${Metodo} /${string}`;
  /** The code the route depends on (its guard, or the admin override of an owner route). */
  per?: Permissao;
  esperado: Esperado;
  /** The request, for the caller's session (none when anonymous). */
  pedido: (s: Sessao | undefined) => Pedido | Promise<Pedido>;
}

/** `guardiao`: G, a co-guardian of A's tracker X (issue #20). */
const QUEM: readonly Quem[] = ['anonimo', 'a', 'b', 'semCodigo', 'admin', 'guardiao'];
const PUBLICO: Esperado = { anonimo: 'publico', a: 'publico', b: 'publico', semCodigo: 'publico', admin: 'publico', guardiao: 'publico' };
/** Any logged user, on their own data. */
const LOGADO: Esperado = { anonimo: 401, a: 'ok', b: 'ok', semCodigo: 'ok', admin: 'ok', guardiao: 'ok' };
/** Guarded by `per`: clients 403, an administrator without the code 403. */
const SO_COM_CODIGO: Esperado = { anonimo: 401, a: 403, b: 403, semCodigo: 403, admin: 'ok', guardiao: 403 };
/** A's own resource that is not the tracker (a zone): everybody else, A's co-guardian and administrators included, 404. */
const SO_DO_DONO: Esperado = { anonimo: 401, a: 'ok', b: 404, semCodigo: 404, admin: 404, guardiao: 404 };
/** A's tracker: its co-guardian sees and uses it as A does; everybody else 404. */
const DONO_OU_GUARDIAO: Esperado = { ...SO_DO_DONO, guardiao: 'ok' };
/** What only the owner may do to A's tracker: its co-guardian is told so (403), everybody else 404. */
const SO_O_DONO_PODE: Recusa = { status: 403, message: MSG.apenasDonoPode };
const SO_O_DONO: Esperado = { ...SO_DO_DONO, guardiao: SO_O_DONO_PODE };
/** A's resource that `per` may also reach (A's account: not A's co-guardian). */
const DONO_OU_CODIGO: Esperado = { anonimo: 401, a: 'ok', b: 404, semCodigo: 404, admin: 'ok', guardiao: 404 };
/** A's tracker's data that `per` may also reach, and A's co-guardian as A. */
const RASTREADOR_OU_CODIGO: Esperado = { ...DONO_OU_CODIGO, guardiao: 'ok' };

let app: TestApp;
let viacep: Awaited<ReturnType<typeof iniciarViaCep>>;
let seq = 0;

interface Sessao {
  id: number;
  email: string;
  senha: string;
  token: string;
  nome: string;
}

/** Fixture ids and sessions (filled in beforeAll). */
const f = {
  a: {} as Sessao,
  b: {} as Sessao,
  /** A user behind the public routes (login, reset), so they never touch A. */
  c: {} as Sessao,
  admin: {} as Sessao,
  /** Per route code: an administrator with every other code. Key '-' = every code. */
  semCodigo: new Map<string, Sessao>(),
  /** Per code: an administrator with only that code. */
  soCodigo: new Map<string, Sessao>(),
  chipX: 0,
  chipY: 0,
  x: 0,
  y: 0,
  lx: 0,
  ly: 0,
  imeiX: '359339080000901',
  imeiY: '359339080000902',
  spId: 0,
  nivelCliente: 0,
  chipXNumero: '11987650901',
  /** A's safe zone around X. */
  zona: 0,
  /** G, co-guardian of X, and the row that makes it so (put back after G leaves). */
  guardiao: {} as Sessao,
  guardiaoId: 0,
  guardiaoHash: sha256('convite-aceito-do-gil'),
  /** A plan, and one the DELETE route may deactivate. */
  plano: 0,
  planoDescartavel: 0,
};

/** Each user's own CPF (set by the first save of their account). */
const cpfDe = (usuarioId: number) => cpfValido(123_000_000 + usuarioId);

function sessaoDe(q: Quem, per?: Permissao): Sessao | undefined {
  if (q === 'anonimo') return undefined;
  if (q === 'semCodigo') return f.semCodigo.get(per ?? '-');
  return f[q];
}

const enderecoVazio = {
  rg: '',
  sexo: null,
  telefoneCelular: '11987654321',
  telefoneResidencial: '',
  telefoneComercial: '',
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  referencia: '',
  estadoId: null,
  cidadeId: null,
};

/** A fresh password link for C (the reset routes consume them). */
async function linkDeC() {
  const token = novoToken();
  await criarSenhaToken(app.database.db, f.c.id, sha256(token), 'RESET', new Date(Date.now() + 3_600_000));
  return token;
}

const form = (v: Record<string, string>) => new URLSearchParams(v).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const dia = (offsetDias: number) => new Date(Date.now() + offsetDias * 86_400_000).toISOString();

const matriz: Entrada[] = [
  // Public: operation, web configuration, login, password reset, sign-up.
  { rota: 'GET /health', esperado: PUBLICO, pedido: () => ({ url: '/health' }) },
  { rota: 'GET /api/config', esperado: PUBLICO, pedido: () => ({ url: '/api/config' }) },
  { rota: 'GET /api/captcha/desafio', esperado: PUBLICO, pedido: () => ({ url: '/api/captcha/desafio' }) },
  {
    rota: 'POST /oauth/token',
    esperado: PUBLICO,
    pedido: async () => ({
      url: '/oauth/token',
      headers: { ...FORM, authorization: basicCliente() },
      payload: form({
        grant_type: 'password',
        username: f.c.email,
        password: f.c.senha,
        'g-recaptcha-response': await resolverCaptcha(app),
      }),
    }),
  },
  {
    rota: 'POST /oauth/check_token',
    esperado: PUBLICO,
    pedido: () => ({ url: '/oauth/check_token', headers: { ...FORM, authorization: basicCliente() }, payload: form({ token: f.c.token }) }),
  },
  {
    rota: 'PUT /users/pass/send-link',
    esperado: PUBLICO,
    pedido: () => ({ url: '/users/pass/send-link', payload: { emailAtual: f.c.email } }),
  },
  {
    rota: 'GET /users/pass/valida-token',
    esperado: PUBLICO,
    pedido: async () => ({ url: `/users/pass/valida-token?token=${await linkDeC()}` }),
  },
  {
    rota: 'POST /users/pass/reseta-senha',
    esperado: PUBLICO,
    pedido: async () => ({
      url: '/users/pass/reseta-senha',
      payload: { senhaNova: f.c.senha, confirmarNovaSenha: f.c.senha, token: await linkDeC() },
    }),
  },
  {
    rota: 'POST /users/sign-up',
    esperado: PUBLICO,
    pedido: () => ({
      url: '/users/sign-up',
      payload: { nome: 'Novo Cliente', email: `novo${++seq}@rastro.test`, telefoneCelular: '11987654321', senha: 'senha-do-novo-1' },
    }),
  },

  // The session and the caller's own account.
  { rota: 'GET /api/logout', esperado: LOGADO, pedido: () => ({ url: '/api/logout' }) },
  {
    rota: 'PUT /api/usuarios/alterar-senha',
    esperado: LOGADO,
    pedido: (s) => {
      const senha = s?.senha ?? f.c.senha;
      return { url: '/api/usuarios/alterar-senha', payload: { senhaAtual: senha, senhaNova: senha, confirmarNovaSenha: senha } };
    },
  },
  // PER2 may read anyone's account; everybody else only their own.
  { rota: 'GET /users/{id}', per: PER.USUARIOS, esperado: DONO_OU_CODIGO, pedido: () => ({ url: `/users/${f.a.id}` }) },
  // The id in the body is A's: the call still acts on the caller only.
  {
    rota: 'POST /users',
    esperado: LOGADO,
    pedido: (s) => ({
      url: '/users',
      payload: { id: f.a.id, cpf: cpfDe(s?.id ?? 0), ...enderecoVazio, bairro: `BAIRRO ${s?.nome ?? ''}` },
    }),
  },

  // Users (admin), PER2.
  { rota: 'GET /api/usuarios', per: PER.USUARIOS, esperado: SO_COM_CODIGO, pedido: () => ({ url: '/api/usuarios' }) },
  {
    rota: 'POST /api/usuarios',
    per: PER.USUARIOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({
      url: '/api/usuarios',
      payload: {
        id: f.a.id,
        nome: f.a.nome,
        email: f.a.email,
        cpf: cpfDe(f.a.id),
        dataNascimento: null,
        nivelId: f.nivelCliente,
        ...enderecoVazio,
      },
    }),
  },
  { rota: 'GET /api/usuarios/{id}', per: PER.USUARIOS, esperado: SO_COM_CODIGO, pedido: () => ({ url: `/api/usuarios/${f.a.id}` }) },
  {
    rota: 'GET /api/usuarios/{id}/emulacao',
    per: PER.USUARIOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/usuarios/${f.a.id}/emulacao` }),
  },
  {
    rota: 'PUT /api/usuarios/ativar/{id}',
    per: PER.USUARIOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/usuarios/ativar/${f.a.id}` }),
  },
  {
    rota: 'DELETE /api/usuarios/inativar/{id}',
    per: PER.USUARIOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/usuarios/inativar/${f.a.id}` }),
  },

  // Chips, PER5 (A's tracker's chip).
  { rota: 'GET /api/chips', per: PER.CHIPS, esperado: SO_COM_CODIGO, pedido: () => ({ url: '/api/chips' }) },
  {
    rota: 'POST /api/chips',
    per: PER.CHIPS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/chips', payload: { id: f.chipX, descricao: 'CHIP DA ANA', numero: f.chipXNumero } }),
  },
  { rota: 'GET /api/chips/select', per: PER.CHIPS, esperado: SO_COM_CODIGO, pedido: () => ({ url: '/api/chips/select' }) },
  {
    rota: 'GET /api/chips/select/disponiveis',
    per: PER.CHIPS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/chips/select/disponiveis' }),
  },
  { rota: 'GET /api/chips/{id}', per: PER.CHIPS, esperado: SO_COM_CODIGO, pedido: () => ({ url: `/api/chips/${f.chipX}` }) },
  { rota: 'PUT /api/chips/ativar/{id}', per: PER.CHIPS, esperado: SO_COM_CODIGO, pedido: () => ({ url: `/api/chips/ativar/${f.chipX}` }) },
  {
    rota: 'DELETE /api/chips/inativar/{id}',
    per: PER.CHIPS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/chips/inativar/${f.chipX}` }),
  },

  // Trackers (admin), PER100; power-off also for the owner.
  { rota: 'GET /api/rastreadores', per: PER.RASTREADORES, esperado: SO_COM_CODIGO, pedido: () => ({ url: '/api/rastreadores' }) },
  {
    rota: 'POST /api/rastreadores',
    per: PER.RASTREADORES,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/rastreadores', payload: { id: f.x, imei: f.imeiX, protocolo: 'TOPIN', chipId: f.chipX } }),
  },
  {
    rota: 'GET /api/rastreadores/{id}',
    per: PER.RASTREADORES,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/rastreadores/${f.x}` }),
  },
  {
    rota: 'GET /api/rastreadores/{id}/detalhe',
    per: PER.RASTREADORES,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/rastreadores/${f.x}/detalhe` }),
  },
  {
    rota: 'PUT /api/rastreadores/ativar/{id}',
    per: PER.RASTREADORES,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/rastreadores/ativar/${f.x}` }),
  },
  {
    rota: 'DELETE /api/rastreadores/inativar/{id}',
    per: PER.RASTREADORES,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/rastreadores/inativar/${f.x}` }),
  },
  {
    rota: 'PUT /api/rastreadores/desligar/{id}',
    per: PER.RASTREADORES,
    esperado: { ...DONO_OU_CODIGO, guardiao: SO_O_DONO_PODE },
    pedido: () => ({ url: `/api/rastreadores/desligar/${f.x}` }),
  },

  // My trackers: the logged user's own links only.
  { rota: 'GET /api/usuarios/rastreadores', esperado: LOGADO, pedido: () => ({ url: '/api/usuarios/rastreadores' }) },
  {
    rota: 'POST /api/usuarios/rastreadores',
    esperado: SO_O_DONO,
    pedido: () => ({
      url: '/api/usuarios/rastreadores',
      payload: { id: f.lx, imei: f.imeiX, descricao: 'REX DA ANA', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    }),
  },
  { rota: 'GET /api/usuarios/rastreadores/select', esperado: LOGADO, pedido: () => ({ url: '/api/usuarios/rastreadores/select' }) },
  {
    rota: 'GET /api/usuarios/rastreadores/ultimas-localizacoes',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL&usuarioRastreadorId=${f.lx}` }),
  },
  {
    rota: 'PUT /api/usuarios/rastreadores/sincronizar',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: '/api/usuarios/rastreadores/sincronizar', payload: { usuarioRastreadorId: f.lx } }),
  },
  {
    rota: 'GET /api/usuarios/rastreadores/{id}',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}` }),
  },
  ...(
    ['ativar-economia-bateria', 'inativar-economia-bateria', 'ativar-ultra-economia-bateria', 'inativar-ultra-economia-bateria'] as const
  ).map(
    (c): Entrada => ({
      rota: `PUT /api/usuarios/rastreadores/${c}/{id}`,
      esperado: SO_O_DONO,
      pedido: () => ({ url: `/api/usuarios/rastreadores/${c}/${f.lx}` }),
    }),
  ),

  // A tracker's history: PER100 or the owner.
  {
    rota: 'GET /api/localizacoes',
    per: PER.RASTREADORES,
    esperado: RASTREADOR_OU_CODIGO,
    pedido: () => ({ url: `/api/localizacoes?rastreadorId=${f.x}&tipoLocalizacao=GPS` }),
  },
  {
    rota: 'GET /api/localizacoes/exportar',
    per: PER.RASTREADORES,
    esperado: RASTREADOR_OU_CODIGO,
    pedido: () => ({
      url: `/api/localizacoes/exportar?rastreadorId=${f.x}&dataInicial=${encodeURIComponent(dia(-1))}&dataFinal=${encodeURIComponent(dia(0))}&formato=gpx`,
    }),
  },
  {
    rota: 'GET /api/baterias',
    per: PER.RASTREADORES,
    esperado: RASTREADOR_OU_CODIGO,
    pedido: () => ({ url: `/api/baterias?rastreadorId=${f.x}` }),
  },

  // Safe zones: the logged user's own; another user's zone or tracker is 404.
  { rota: 'GET /api/zonas', esperado: LOGADO, pedido: () => ({ url: '/api/zonas' }) },
  { rota: 'POST /api/zonas', esperado: SO_DO_DONO, pedido: () => ({ url: '/api/zonas', payload: zonaDeA('OUTRA ZONA DA ANA') }) },
  { rota: 'GET /api/zonas/{id}', esperado: SO_DO_DONO, pedido: () => ({ url: `/api/zonas/${f.zona}` }) },
  { rota: 'PUT /api/zonas/{id}', esperado: SO_DO_DONO, pedido: () => ({ url: `/api/zonas/${f.zona}`, payload: zonaDeA('CASA DA ANA') }) },
  {
    rota: 'DELETE /api/zonas/{id}',
    esperado: SO_DO_DONO,
    // A zone made for this call: A's own deletion must not take the zone the other routes use.
    pedido: async () => ({ url: `/api/zonas/${await novaZonaDeA()}` }),
  },
  { rota: 'GET /api/zonas/{id}/eventos', esperado: SO_DO_DONO, pedido: () => ({ url: `/api/zonas/${f.zona}/eventos` }) },
  {
    rota: 'GET /api/usuarios/rastreadores/{id}/eventos-zonas',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/eventos-zonas` }),
  },

  // Daily activity (issue #20): A's tracker only.
  {
    rota: 'GET /api/usuarios/rastreadores/{id}/atividade',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/atividade?dataInicial=2026-11-01&dataFinal=2026-11-30` }),
  },
  {
    rota: 'GET /api/usuarios/rastreadores/{id}/meta-atividade',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/meta-atividade` }),
  },
  {
    rota: 'PUT /api/usuarios/rastreadores/{id}/meta-atividade',
    esperado: SO_O_DONO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/meta-atividade`, payload: { tipo: 'MINUTOS', valor: 30 } }),
  },

  // Lost-pet mode and share links: A's tracker only; the link's page is public.
  {
    rota: 'PUT /api/usuarios/rastreadores/{id}/modo-perdido',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/modo-perdido`, payload: { ativo: false } }),
  },
  {
    rota: 'POST /api/usuarios/rastreadores/{id}/links',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/links`, payload: { horas: 1 } }),
  },
  {
    rota: 'GET /api/usuarios/rastreadores/{id}/links',
    esperado: DONO_OU_GUARDIAO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/links` }),
  },
  {
    rota: 'DELETE /api/usuarios/rastreadores/{id}/links/{linkId}',
    esperado: DONO_OU_GUARDIAO,
    pedido: async () => ({ url: `/api/usuarios/rastreadores/${f.lx}/links/${(await novoLinkDeA('1 hour')).id}` }),
  },
  {
    rota: 'GET /api/publico/links/{token}',
    esperado: PUBLICO,
    pedido: async () => ({ url: `/api/publico/links/${(await novoLinkDeA('1 hour')).token}` }),
  },
  {
    // The stream lasts as long as the link: one that ends in a moment.
    rota: 'GET /api/publico/links/{token}/eventos',
    esperado: PUBLICO,
    pedido: async () => ({ url: `/api/publico/links/${(await novoLinkDeA('1 second')).token}/eventos` }),
  },
  {
    rota: 'GET /api/publico/links/{token}/foto',
    esperado: PUBLICO,
    pedido: async () => {
      await fotoDeA();
      return { url: `/api/publico/links/${(await novoLinkDeA('1 hour')).token}/foto` };
    },
  },

  // The pet's photo (issue #32): the owner sends and removes it; the co-guardian sees it.
  {
    rota: 'PUT /api/usuarios/rastreadores/{id}/foto',
    esperado: SO_O_DONO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/foto`, payload: PNG_1X1, headers: { 'content-type': 'image/png' } }),
  },
  {
    rota: 'GET /api/usuarios/rastreadores/{id}/foto',
    esperado: DONO_OU_GUARDIAO,
    pedido: async () => {
      await fotoDeA();
      return { url: `/api/usuarios/rastreadores/${f.lx}/foto` };
    },
  },
  {
    rota: 'DELETE /api/usuarios/rastreadores/{id}/foto',
    esperado: SO_O_DONO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/foto` }),
  },

  // Co-guardians: the owner invites, lists and removes; anyone logged accepts an invite (to B's Y here,
  // so accepting shows nothing of A); B, Y's owner, may not accept one to Y.
  {
    rota: 'POST /api/usuarios/rastreadores/{id}/guardioes',
    esperado: SO_O_DONO,
    pedido: (s) => ({
      url: `/api/usuarios/rastreadores/${f.lx}/guardioes`,
      payload: { email: `convidado.${s?.id ?? 0}.${++seq}@rastro.test` },
    }),
  },
  {
    rota: 'GET /api/usuarios/rastreadores/{id}/guardioes',
    esperado: SO_O_DONO,
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/guardioes` }),
  },
  {
    rota: 'DELETE /api/usuarios/rastreadores/{id}/guardioes/{guardiaoId}',
    esperado: SO_O_DONO,
    pedido: async () => ({ url: `/api/usuarios/rastreadores/${f.lx}/guardioes/${(await novoConvite(f.lx)).id}` }),
  },
  {
    // Only a guardian has a row to leave: G leaves (and is put back before the next call).
    rota: 'DELETE /api/usuarios/rastreadores/{id}/guardioes/eu',
    esperado: { ...SO_DO_DONO, a: 404, guardiao: 'ok' },
    pedido: () => ({ url: `/api/usuarios/rastreadores/${f.lx}/guardioes/eu` }),
  },
  {
    rota: 'POST /api/convites/{token}/aceitar',
    esperado: { ...LOGADO, b: { status: 400, message: MSG.conviteParaOProprioDono } },
    pedido: async () => ({ url: `/api/convites/${(await novoConvite(f.ly)).token}/aceitar` }),
  },

  // Push: each logged user's own browsers.
  { rota: 'GET /api/push/chave', esperado: LOGADO, pedido: () => ({ url: '/api/push/chave' }) },
  {
    rota: 'POST /api/push/inscricoes',
    esperado: LOGADO,
    pedido: (s) => ({ url: '/api/push/inscricoes', payload: inscricaoPush(s) }),
  },
  {
    rota: 'DELETE /api/push/inscricoes',
    esperado: LOGADO,
    pedido: (s) => ({ url: '/api/push/inscricoes', payload: { endpoint: inscricaoPush(s).endpoint } }),
  },

  // Notifications: the logged user's own.
  { rota: 'GET /api/notificacoes', esperado: LOGADO, pedido: () => ({ url: '/api/notificacoes' }) },
  { rota: 'GET /api/notificacoes/nao-lidas', esperado: LOGADO, pedido: () => ({ url: '/api/notificacoes/nao-lidas' }) },
  { rota: 'PUT /api/notificacoes/lidas', esperado: LOGADO, pedido: () => ({ url: '/api/notificacoes/lidas' }) },

  // Lookups: any logged user; levels PER2.
  { rota: 'GET /api/estados/select', esperado: LOGADO, pedido: () => ({ url: '/api/estados/select' }) },
  { rota: 'GET /api/cidades/select/{stateId}', esperado: LOGADO, pedido: () => ({ url: `/api/cidades/select/${f.spId}` }) },
  { rota: 'GET /api/niveis/select', per: PER.USUARIOS, esperado: SO_COM_CODIGO, pedido: () => ({ url: '/api/niveis/select' }) },
  { rota: 'GET /api/via-cep/cep/{cep}', esperado: LOGADO, pedido: () => ({ url: '/api/via-cep/cep/01310100' }) },

  // Dashboard: one code per widget.
  {
    rota: 'GET /api/relatorios/totalizadores',
    per: PER.DASHBOARD_TOTAIS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/relatorios/totalizadores' }),
  },
  {
    rota: 'GET /api/relatorios/armazenamento',
    per: PER.DASHBOARD_TOTAIS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/relatorios/armazenamento' }),
  },
  {
    rota: 'GET /api/relatorios/situacoes',
    per: PER.DASHBOARD_SITUACAO,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/relatorios/situacoes' }),
  },
  {
    rota: 'GET /api/relatorios/situacoes-energia',
    per: PER.DASHBOARD_ENERGIA,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/relatorios/situacoes-energia' }),
  },
  // Payments (issue #35): plans for PER300 (the active ones for anyone), A's subscription of X and its charges.
  { rota: 'GET /api/planos', esperado: LOGADO, pedido: () => ({ url: '/api/planos' }) },
  {
    rota: 'POST /api/planos',
    per: PER.PAGAMENTOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/planos', payload: { nome: 'PLANO DA MATRIZ', valorCentavos: 1990, periodo: 'MENSAL' } }),
  },
  { rota: 'GET /api/planos/{id}', per: PER.PAGAMENTOS, esperado: SO_COM_CODIGO, pedido: () => ({ url: `/api/planos/${f.plano}` }) },
  {
    rota: 'PUT /api/planos/{id}',
    per: PER.PAGAMENTOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/planos/${f.plano}`, payload: { nome: 'MENSAL', valorCentavos: 2990, periodo: 'MENSAL' } }),
  },
  {
    rota: 'DELETE /api/planos/{id}',
    per: PER.PAGAMENTOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: `/api/planos/${f.planoDescartavel}` }),
  },
  { rota: 'GET /api/usuarios/assinaturas', esperado: LOGADO, pedido: () => ({ url: '/api/usuarios/assinaturas' }) },
  {
    rota: 'POST /api/usuarios/assinaturas',
    esperado: SO_O_DONO,
    pedido: async () => {
      // X without a subscription in force, so A may subscribe it.
      await app.database.db.execute(
        sql`update assinaturas set situacao = 'CANCELADA' where usuario_rastreador_id = ${f.lx} and situacao <> 'CANCELADA'`,
      );
      return { url: '/api/usuarios/assinaturas', payload: { usuarioRastreadorId: f.lx, planoId: f.plano, forma: 'PIX' } };
    },
  },
  {
    rota: 'DELETE /api/usuarios/assinaturas/{id}',
    esperado: SO_O_DONO,
    pedido: async () => ({ url: `/api/usuarios/assinaturas/${await assinaturaDeA()}` }),
  },
  { rota: 'GET /api/usuarios/pagamentos', esperado: LOGADO, pedido: () => ({ url: '/api/usuarios/pagamentos' }) },
  { rota: 'GET /api/pagamentos', per: PER.PAGAMENTOS, esperado: SO_COM_CODIGO, pedido: () => ({ url: '/api/pagamentos' }) },
  {
    rota: 'GET /api/relatorios/pagamentos',
    per: PER.PAGAMENTOS,
    esperado: SO_COM_CODIGO,
    pedido: () => ({ url: '/api/relatorios/pagamentos' }),
  },
  {
    rota: 'POST /api/pagamentos/{id}/baixa',
    per: PER.PAGAMENTOS,
    esperado: SO_COM_CODIGO,
    pedido: async () => ({ url: `/api/pagamentos/${await cobrancaPendenteDeA()}/baixa`, payload: { observacao: 'Conferido no extrato' } }),
  },
];

// ---- fixtures -----------------------------------------------------------------------------

/** A browser subscription of the caller (a public literal address: accepted without any lookup; nothing is ever queued for it). */
const inscricaoPush = (s: Sessao | undefined) => ({
  endpoint: `https://8.8.8.8/push/matriz-${s?.id ?? 0}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

const zonaDeA = (nome: string) => ({
  nome,
  tipo: 'CIRCULO',
  latitude: -23.55,
  longitude: -46.6,
  raioMetros: 300,
  rastreadorIds: [f.x],
  alertarSaida: true,
  alertarEntrada: false,
});

/** A pending co-guardian invite to an owner's link, with its token. */
async function novoConvite(vinculoId: number) {
  const token = novoToken();
  const [g] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into guardioes (usuario_rastreador_id, email, token_hash, expira_em) values (${vinculoId}, ${`convite.${++seq}@rastro.test`}, ${sha256(token)}, now() + interval '1 day') returning id`,
  );
  return { id: g?.id ?? 0, token };
}

/** A 1×1 PNG: an upload the photo route accepts. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC', 'base64');

/** A photo of A's pet (whatever the calls before did to it). */
async function fotoDeA() {
  await app.database.db.execute(
    sql`insert into fotos_pets (usuario_rastreador_id, imagem, versao) values (${f.lx}, ${PNG_1X1}, 'matriz') on conflict do nothing`,
  );
}

/** A share link of A's tracker X valid for `validade` (an SQL interval), with its token. */
async function novoLinkDeA(validade: string) {
  const token = novoToken();
  const [l] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into links_compartilhados (usuario_rastreador_id, token_hash, expira_em) values (${f.lx}, ${sha256(token)}, now() + ${validade}::interval) returning id`,
  );
  return { id: l?.id ?? 0, token };
}

/** A's subscription of X in force (a new one when the calls before cancelled it). */
async function assinaturaDeA() {
  const [a] = await consultar<{ id: number }>(
    app.database.db,
    sql`select id from assinaturas where usuario_rastreador_id = ${f.lx} and situacao <> 'CANCELADA'`,
  );
  if (a) return a.id;
  const [n] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into assinaturas (usuario_rastreador_id, usuario_id, pet, plano_id, valor_centavos, periodo, dias_carencia, forma, inicio)
        values (${f.lx}, ${f.a.id}, 'REX DA ANA', ${f.plano}, 2990, 'MENSAL', 7, 'PIX', current_date) returning id`,
  );
  return n?.id ?? 0;
}

/** A pending charge of A's subscription (a settled one cannot be settled again). */
async function cobrancaPendenteDeA() {
  seq += 1;
  const [c] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into cobrancas (assinatura_id, usuario_id, txid, valor_centavos, periodo_inicio, periodo_fim, vencimento)
        values (${await assinaturaDeA()}, ${f.a.id}, ${`MATRIZ${String(seq).padStart(19, '0')}`}, 2990,
          current_date + ${seq * 40}::int, current_date + ${seq * 40 + 29}::int, current_date + ${seq * 40}::int) returning id`,
  );
  return c?.id ?? 0;
}

async function novaZonaDeA() {
  const [z] = await consultar<{ id: number }>(
    app.database.db,
    sql`insert into zonas (usuario_id, nome, tipo, latitude, longitude, raio_metros) values (${f.a.id}, 'ZONA DESCARTAVEL', 'CIRCULO', -23.55, -46.6, 100) returning id`,
  );
  return z?.id ?? 0;
}

async function usuario(nome: string, nivelId?: number): Promise<Sessao> {
  const u = await criarUsuarioLogado(app, { nome, ...(nivelId !== undefined ? { nivelId } : {}) });
  return { ...u, nome };
}

beforeAll(async () => {
  viacep = await iniciarViaCep();
  app = await criarApp({
    VIACEP_URL: viacep.url,
    RATE_LIMIT_MAX: '100000',
    RESET_LIMIT_IP: '100000',
    RESET_LIMIT_EMAIL: '100000',
    SIGNUP_LIMIT_IP: '100000',
    LOGIN_LIMIT_EMAIL: '100000',
    PIX_CHAVE: 'pagamentos@rastro.test',
    PIX_RECEBEDOR_NOME: 'Rastro',
    PIX_RECEBEDOR_CIDADE: 'São Paulo',
  });
  const db = app.database.db;
  const adminToken = await entrar(app);
  const [adm] = await consultar<{ id: number; nome: string }>(db, sql`select id, nome from usuarios where lower(email) = ${ADMIN.email}`);
  f.admin = { id: adm?.id ?? 0, nome: adm?.nome ?? '', email: ADMIN.email, senha: ADMIN.senha, token: adminToken };
  const adminH = bearer(adminToken);

  f.a = { ...(await criarCliente(app, 'ANA DONA DO REX')), nome: 'ANA DONA DO REX' };
  f.b = { ...(await criarCliente(app, 'BIA DONA DO TOTO')), nome: 'BIA DONA DO TOTO' };
  f.c = { ...(await criarCliente(app, 'CAIO PUBLICO')), nome: 'CAIO PUBLICO' };
  f.semCodigo.set('-', await usuario('ADMIN SEM DONO', await criarNivel(app, 'TODOS OS CODIGOS', [...TODAS_PERMISSOES])));
  for (const per of TODAS_PERMISSOES) {
    f.semCodigo.set(
      per,
      await usuario(
        `ADMIN SEM ${per}`,
        await criarNivel(
          app,
          `SEM ${per}`,
          TODAS_PERMISSOES.filter((p) => p !== per),
        ),
      ),
    );
    f.soCodigo.set(per, await usuario(`ADMIN SO ${per}`, await criarNivel(app, `SO ${per}`, [per])));
  }
  const [cliente] = await consultar<{ id: number }>(db, sql`select nivel_id as id from usuarios where id = ${f.a.id}`);
  f.nivelCliente = cliente?.id ?? 0;
  const [sp] = await consultar<{ id: number }>(db, sql`select id from estados where uf = 'SP'`);
  f.spId = sp?.id ?? 0;

  // A's tracker X (its chip has a known number) and B's tracker Y, each linked by its owner.
  const chip = await app.inject({
    method: 'POST',
    url: '/api/chips',
    headers: adminH,
    payload: { descricao: 'CHIP DA ANA', numero: f.chipXNumero },
  });
  f.chipX = chip.json<{ id: number }>().id;
  const x = await app.inject({
    method: 'POST',
    url: '/api/rastreadores',
    headers: adminH,
    payload: { imei: f.imeiX, protocolo: 'TOPIN', chipId: f.chipX },
  });
  f.x = x.json<{ id: number }>().id;
  f.y = await registrarRastreador(app, adminH, f.imeiY);
  const [chipY] = await consultar<{ id: number }>(db, sql`select chip_id as id from rastreadores where id = ${f.y}`);
  f.chipY = chipY?.id ?? 0;
  const vincular = async (s: Sessao, imei: string, descricao: string) => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: bearer(s.token),
      payload: { imei, descricao, intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    });
    if (r.statusCode !== 201) throw new Error(`vínculo: ${r.body}`);
    return r.json<{ id: number }>().id;
  };
  f.lx = await vincular(f.a, f.imeiX, 'REX DA ANA');
  f.ly = await vincular(f.b, f.imeiY, 'TOTO DA BIA');
  // G accepted A's invite to X.
  f.guardiao = { ...(await criarCliente(app, 'GIL GUARDIAO DO REX')), nome: 'GIL GUARDIAO DO REX' };
  const [g] = await consultar<{ id: number }>(
    db,
    sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em) values (${f.lx}, ${f.guardiao.email}, ${f.guardiao.id}, ${f.guardiaoHash}, now(), now()) returning id`,
  );
  f.guardiaoId = g?.id ?? 0;

  // Positions, battery history and notifications of both.
  for (const [r, lat] of [
    [f.x, -23.55],
    [f.y, -22.9],
  ] as const) {
    await db.execute(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values (${r}, 'GPS', now() - interval '2 hours', ${lat}, -46.6), (${r}, 'GPS', now() - interval '1 hour', ${lat + 0.01}, -46.61)`,
    );
    await recalcularLocalizacoesAtuais(db);
    await db.execute(sql`insert into baterias (rastreador_id, bateria, nivel_sinal) values (${r}, 77, 60)`);
  }
  await db.execute(
    sql`insert into notificacoes (usuario_id, rastreador_id, descricao) values (${f.a.id}, ${f.x}, 'ALERTA DE SOS DO REX DA ANA'), (${f.b.id}, ${f.y}, 'ALERTA DE SOS DO TOTO DA BIA')`,
  );
  const [plano, descartavel] = await consultar<{ id: number }>(
    db,
    sql`insert into planos (nome, valor_centavos, periodo) values ('MENSAL', 2990, 'MENSAL'), ('DESCARTAVEL', 990, 'MENSAL') returning id`,
  );
  f.plano = plano?.id ?? 0;
  f.planoDescartavel = descartavel?.id ?? 0;
  const zona = await app.inject({ method: 'POST', url: '/api/zonas', headers: bearer(f.a.token), payload: zonaDeA('CASA DA ANA') });
  if (zona.statusCode !== 201) throw new Error(`zona: ${zona.body}`);
  f.zona = zona.json<{ id: number }>().id;
  await db.execute(
    sql`insert into zona_eventos (zona_id, rastreador_id, tipo, data_hora, latitude, longitude) values (${f.zona}, ${f.x}, 'SAIDA', now(), -23.56, -46.61)`,
  );
});

afterAll(async () => {
  await app?.fechar();
  await viacep?.fechar();
});

// ---- what the checks observe ------------------------------------------------------------------

/** What B (or anyone but A and a holder of the code) must never see of A. */
const dadosDeA = () => [f.imeiX, f.a.email, 'REX DA ANA', 'ALERTA DE SOS DO REX DA ANA', 'ANA DONA DO REX', f.chipXNumero, 'CASA DA ANA'];

/** A's rows, as they stand: user, tracker, link, chip, commands, notifications, sessions. */
async function estadoDeA(): Promise<string> {
  const [r] = await consultar<{ s: string }>(
    app.database.db,
    sql`select json_build_object(
      'usuario', (select row_to_json(u) from usuarios u where id = ${f.a.id}),
      'rastreador', (select row_to_json(r) from rastreadores r where id = ${f.x}),
      'vinculo', (select row_to_json(v) from usuario_rastreadores v where id = ${f.lx}),
      'chip', (select row_to_json(c) from chips c where id = ${f.chipX}),
      'comandos', (select count(*) from comandos where rastreador_id = ${f.x}),
      'notificacoes', (select json_agg(n order by n.id) from notificacoes n where usuario_id = ${f.a.id}),
      'sessoes', (select count(*) from sessoes where usuario_id = ${f.a.id} and revogado_em is null),
      'zonas', (select json_agg(json_build_object('zona', z, 'rastreadores', (select json_agg(zr.rastreador_id) from zona_rastreadores zr where zr.zona_id = z.id))
        order by z.id) from zonas z where z.usuario_id = ${f.a.id} and z.nome <> 'ZONA DESCARTAVEL')
    )::text as s`,
  );
  return r?.s ?? '';
}

/**
 * Puts back what the allowed calls change (inactivations, power-off, economy modes, read
 * notifications, sessions ended by logout or a password change), so every call starts equal.
 */
async function restaurar() {
  const sessoes = [f.a, f.b, f.c, f.admin, f.guardiao, ...f.semCodigo.values(), ...f.soCodigo.values()];
  const ids = sql.raw(sessoes.map((s) => s.id).join(','));
  const hashes = sql.raw(sessoes.map((s) => `'${sha256(s.token)}'`).join(','));
  // One statement (data-modifying CTEs): every call of the matrix pays for it.
  await app.database.db.execute(sql`with
    u as (update usuarios set situacao = true where id in (${ids}) and not situacao returning 1),
    r as (update rastreadores set situacao = 'ATIVO', situacao_energia = 'LIGADO' where id in (${f.x}, ${f.y}) and (situacao <> 'ATIVO' or situacao_energia <> 'LIGADO') returning 1),
    v as (update usuario_rastreadores set economia_bateria = 'F', ultra_economia_bateria = 'F' where id in (${f.lx}, ${f.ly}) and (economia_bateria <> 'F' or ultra_economia_bateria <> 'F') returning 1),
    c as (update chips set situacao = 'A' where id in (${f.chipX}, ${f.chipY}) and situacao <> 'A' returning 1),
    n as (update notificacoes set lida = false where usuario_id in (${f.a.id}, ${f.b.id}) and lida returning 1),
    t as (update sessoes set revogado_em = null where token_hash in (${hashes}) and revogado_em is not null returning 1),
    g as (delete from guardioes where id <> ${f.guardiaoId} and usuario_id is not null returning 1),
    gi as (insert into guardioes (id, usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
      values (${f.guardiaoId}, ${f.lx}, ${f.guardiao.email}, ${f.guardiao.id}, ${f.guardiaoHash}, now(), now()) on conflict (id) do nothing returning 1)
    select 1`);
}

async function chamar(e: Entrada, sessao: Sessao | undefined, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const method = e.rota.slice(0, e.rota.indexOf(' ')) as Metodo;
  const p = await e.pedido(sessao);
  const opts: InjectOptions = {
    method,
    url: p.url,
    headers: { ...(sessao ? bearer(sessao.token) : {}), ...extra, ...p.headers },
    ...(p.payload !== undefined ? { payload: p.payload } : {}),
  };
  return app.inject(opts);
}

function conferir(oQue: string, esperado: Resultado, res: LightMyRequestResponse) {
  const onde = `${oQue}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  if (esperado === 'ok' || esperado === 'publico') {
    expect(res.statusCode >= 200 && res.statusCode < 300, onde).toBe(true);
    return;
  }
  const { status, message } =
    typeof esperado === 'object'
      ? esperado
      : { status: esperado, message: { 401: MSG.naoAutenticado, 403: MSG.acessoNegado, 404: MSG.naoEncontrado }[esperado] };
  expect(res.statusCode, onde).toBe(status);
  // A refusal carries no data: only the pt-BR error.
  expect(res.json(), onde).toEqual({ status, message });
}

// ---- the matrix ---------------------------------------------------------------------------------

describe('matriz de autorização', () => {
  it.each(matriz)('$rota', async (e) => {
    // A's rows as last seen; a refused call leaves them so, and restaurar() then changes nothing.
    let conhecido: string | undefined;
    for (const quem of QUEM) {
      const sessao = sessaoDe(quem, e.per);
      const esperado = e.esperado[quem];
      await restaurar();
      const antes = conhecido ?? (await estadoDeA());
      const res = await chamar(e, sessao);
      conferir(`${e.rota} como ${quem}`, esperado, res);
      conhecido = undefined;
      // A's co-guardian sees and changes A's tracker as A does, where allowed.
      if (quem === 'a' || quem === 'admin' || esperado === 'publico' || (quem === 'guardiao' && esperado === 'ok')) continue;
      // Nobody else changes A's rows, queues commands for A's tracker or sees A's data.
      conhecido = await estadoDeA();
      expect(conhecido, `${e.rota} como ${quem} mudou os dados de A`).toBe(antes);
      for (const dado of dadosDeA()) expect(res.body, `${e.rota} como ${quem} mostrou "${dado}"`).not.toContain(dado);
    }
    // What the full administrator may do, an administrator with only the route's code may do too.
    if (e.per && e.esperado.admin === 'ok') {
      await restaurar();
      conferir(`${e.rota} como administrador só com ${e.per}`, 'ok', await chamar(e, f.soCodigo.get(e.per)));
    }
  });

  it('X-Usuario-Emulado: 403 on every logged route for a caller without PER2, nothing changed', async () => {
    await restaurar();
    const antes = await estadoDeA();
    const semPer2 = f.semCodigo.get(PER.USUARIOS);
    for (const e of matriz.filter((m) => m.esperado.anonimo === 401)) {
      for (const [quem, sessao] of [
        ['b', f.b],
        ['administrador sem PER2', semPer2],
      ] as const) {
        const res = await chamar(e, sessao, { 'x-usuario-emulado': String(f.a.id) });
        conferir(`${e.rota} como ${quem} emulando A`, 403, res);
        expect(await estadoDeA(), `${e.rota} como ${quem} emulando A`).toBe(antes);
      }
    }
  });

  it("X-Usuario-Emulado: PER2 acts as A (A's data, A's permissions, audited)", async () => {
    await restaurar();
    const como = { ...bearer(f.admin.token), 'x-usuario-emulado': String(f.a.id) };
    const meu = await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${f.lx}`, headers: como });
    expect(meu.statusCode).toBe(200);
    expect(meu.json()).toMatchObject({ id: f.lx, imei: f.imeiX, descricao: 'REX DA ANA' });
    const notas = await app.inject({ method: 'GET', url: '/api/notificacoes', headers: como });
    // A's own (the alarm, and the receipts of the settlements above), none of B's.
    const descricoes = notas.json<{ content: { descricao: string }[] }>().content.map((n) => n.descricao);
    expect(descricoes).toContain('ALERTA DE SOS DO REX DA ANA');
    expect(descricoes.filter((d) => d !== 'ALERTA DE SOS DO REX DA ANA' && !d.startsWith('Pagamento de '))).toEqual([]);
    // As A, a client: the admin routes are closed.
    expect((await app.inject({ method: 'GET', url: '/api/chips', headers: como })).statusCode).toBe(403);
    const antes = await contar(
      app,
      'auditoria',
      sql`acao = 'EMULACAO_REQUISICAO' and usuario_id = ${f.a.id} and emulador_id = ${f.admin.id}`,
    );
    const sync = await app.inject({
      method: 'PUT',
      url: '/api/usuarios/rastreadores/sincronizar',
      headers: como,
      payload: { usuarioRastreadorId: f.lx },
    });
    expect(sync.statusCode).toBe(200);
    expect(
      await contar(app, 'auditoria', sql`acao = 'EMULACAO_REQUISICAO' and usuario_id = ${f.a.id} and emulador_id = ${f.admin.id}`),
    ).toBe(antes + 1);
  });

  it("B never reaches A's tracker through the map history, the sync of all trackers or an unknown id", async () => {
    await restaurar();
    const antes = await estadoDeA();
    const hb = bearer(f.b.token);
    const q = `tipoVisualizacao=HISTORICO&usuarioRastreadorId=${f.lx}&dataInicial=${encodeURIComponent(dia(-1))}&dataFinal=${encodeURIComponent(dia(0))}`;
    conferir(
      'b (histórico de A)',
      404,
      await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/ultimas-localizacoes?${q}`, headers: hb }),
    );
    // "Sincronizar" without an id asks B's trackers only.
    const todos = await app.inject({ method: 'PUT', url: '/api/usuarios/rastreadores/sincronizar', headers: hb, payload: {} });
    expect(todos.statusCode).toBe(200);
    expect(await estadoDeA()).toBe(antes);
    // B's own link with A's tracker id, and A's link id where B's tracker id is expected.
    conferir('b (rastreadorId de A)', 404, await app.inject({ method: 'GET', url: `/api/usuarios/rastreadores/${f.x}`, headers: hb }));
    conferir('b (baterias de A)', 404, await app.inject({ method: 'GET', url: `/api/baterias?rastreadorId=${f.x}`, headers: hb }));
    // An id nobody has answers like someone else's: no way to tell them apart.
    conferir('b (id inexistente)', 404, await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores/999999', headers: hb }));
    // B's counts are B's: one notification, one tracker.
    expect((await app.inject({ method: 'GET', url: '/api/notificacoes/nao-lidas', headers: hb })).json()).toEqual({ total: 1 });
    expect(
      (await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores', headers: hb })).json<{ totalElements: number }>().totalElements,
    ).toBe(1);
  });

  it('covers every route of the OpenAPI document', () => {
    const doc = app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const noDocumento = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const naMatriz = new Set<string>(matriz.map((e) => e.rota));
    const faltando = noDocumento.filter((r) => !naMatriz.has(r)).map((r) => `rota sem entrada na matriz: ${r}`);
    const sobrando = [...naMatriz].filter((r) => !noDocumento.includes(r)).map((r) => `entrada da matriz sem rota no OpenAPI: ${r}`);
    expect([...faltando, ...sobrando], [...faltando, ...sobrando].join('\n')).toEqual([]);
    expect(new Set(matriz.map((e) => e.rota)).size, 'rota repetida na matriz').toBe(matriz.length);
  });
});
