import { pluginNomeado, type PluginNomeado } from '../lib/tarefa-de-fundo';
import type { AppInstance } from '../lib/tipos';
import { atividadeModule } from './atividade/routes';
import { authModule } from './auth/routes';
import { enviarPrimeiroAcesso } from './auth/senha-service';
import { revogarSessoesDoUsuario } from './auth/service';
import { chipsModule } from './chips/routes';
import { comandosPendentes } from './comandos/service';
import { configModule } from './config/routes';
import { healthModule } from './health/routes';
import { linksModule } from './links/routes';
import { revogarLinksDoGuardiao } from './links/service';
import { lookupsModule } from './lookups/routes';
import { aceitarNaTransacao } from './meus-rastreadores/guardioes/service';
import { meusRastreadoresModule } from './meus-rastreadores/routes';
import { vinculoNaLista, vinculosDosRastreadores } from './meus-rastreadores/service';
import { notificacoesModule } from './notificacoes/routes';
import { cobrador } from './pagamentos/cobrador';
import { pagamentosModule } from './pagamentos/routes';
import { vigiaModoPerdido } from './meus-rastreadores/modo-perdido';
import { manutencaoDasParticoes } from './localizacoes/particoes';
import { localizacoesModule } from './localizacoes/routes';
import { ultimaLocalizacao } from './localizacoes/service';
import { entregadorPush } from './push/entregador';
import { pushModule } from './push/routes';
import { notificarComPush } from './push/service';
import { rastreadoresModule } from './rastreadores/routes';
import { relatoriosModule } from './relatorios/routes';
import { usuariosModule } from './usuarios/routes';
import { zonasModule } from './zonas/routes';

/** A module of the API: its folder under modules/ and its routes, registered as one plugin. */
export interface Modulo {
  readonly nome: string;
  readonly plugin: (app: AppInstance) => Promise<void>;
}

/** The module `nome` (its folder), whose plugin carries that name into Fastify. */
function modulo(nome: string, rotas: (app: AppInstance) => Promise<void>): Modulo {
  return { nome, plugin: pluginNomeado(nome, async (app) => rotas(app)) };
}

/**
 * Every module of the API, each registered as one encapsulated Fastify plugin named after its
 * folder: its routes see the shared infrastructure (`app.db`, `app.auth`…) and nothing another
 * module registers. docs/ROTAS.md (`npm run rotas`) maps each route to its module by that name.
 */
export const MODULOS: readonly Modulo[] = [
  modulo('health', healthModule),
  modulo('config', configModule),
  modulo('auth', authModule),
  modulo('usuarios', (app) =>
    usuariosModule(app, {
      aoCadastrarComConvite: aceitarNaTransacao,
      aoCriarUsuarioSemSenha: (tx, usuarioId) => enviarPrimeiroAcesso(app, tx, usuarioId),
      aoInativarUsuario: revogarSessoesDoUsuario,
    }),
  ),
  modulo('chips', chipsModule),
  modulo('rastreadores', (app) =>
    rastreadoresModule(app, { vinculosDosRastreadores, vinculoNaLista, ultimaLocalizacao, comandosPendentes }),
  ),
  modulo('meus-rastreadores', (app) =>
    meusRastreadoresModule(app, {
      notificar: notificarComPush,
      aoRemoverGuardiao: (tx, vinculoId, usuarioId) => revogarLinksDoGuardiao(app, tx, vinculoId, usuarioId),
    }),
  ),
  modulo('localizacoes', localizacoesModule),
  modulo('notificacoes', notificacoesModule),
  modulo('lookups', lookupsModule),
  modulo('relatorios', relatoriosModule),
  modulo('zonas', zonasModule),
  modulo('push', pushModule),
  modulo('links', linksModule),
  modulo('atividade', atividadeModule),
  modulo('pagamentos', pagamentosModule),
];

/**
 * What runs on every instance beside the requests, each one plugin (lib/tarefa-de-fundo.ts):
 * started when the app is ready, stopped by `app.close()`. The gateway is one too (gateway/plugin.ts).
 */
export const TAREFAS_DE_FUNDO: readonly PluginNomeado[] = [
  entregadorPush,
  manutencaoDasParticoes,
  vigiaModoPerdido(notificarComPush),
  cobrador,
];
