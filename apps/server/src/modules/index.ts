import type { AppInstance } from '../lib/types';
import { atividadeModule } from './atividade/routes';
import { authModule } from './auth/routes';
import { chipsModule } from './chips/routes';
import { configModule } from './config/routes';
import { fotosModule } from './fotos/routes';
import { guardioesModule } from './guardioes/routes';
import { healthModule } from './health/routes';
import { linksModule } from './links/routes';
import { lookupsModule } from './lookups/routes';
import { meusRastreadoresModule } from './meus-rastreadores/routes';
import { notificacoesModule } from './notificacoes/routes';
import { posicoesModule } from './posicoes/routes';
import { pushModule } from './push/routes';
import { enfileirarPush } from './push/service';
import { rastreadoresModule } from './rastreadores/routes';
import { relatoriosModule } from './relatorios/routes';
import { usuariosModule } from './usuarios/routes';
import { zonasModule } from './zonas/routes';

/** Fastify names a plugin by this property: `app.pluginName` inside it, the plugin tree, its startup errors. */
const NOME_DO_PLUGIN = Symbol.for('fastify.display-name');

/** A module of the API: its folder under modules/ and its routes, registered as one plugin. */
export interface Modulo {
  readonly nome: string;
  readonly plugin: (app: AppInstance) => Promise<void>;
}

/** The module `nome` (its folder), whose plugin carries that name into Fastify. */
function modulo(nome: string, rotas: (app: AppInstance) => Promise<void>): Modulo {
  return { nome, plugin: Object.assign(async (app: AppInstance) => rotas(app), { [NOME_DO_PLUGIN]: nome }) };
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
  modulo('usuarios', usuariosModule),
  modulo('chips', chipsModule),
  modulo('rastreadores', rastreadoresModule),
  modulo('meus-rastreadores', (app) => meusRastreadoresModule(app, { aoCriarNotificacoes: enfileirarPush })),
  modulo('posicoes', posicoesModule),
  modulo('notificacoes', notificacoesModule),
  modulo('lookups', lookupsModule),
  modulo('relatorios', relatoriosModule),
  modulo('zonas', zonasModule),
  modulo('push', pushModule),
  modulo('links', linksModule),
  modulo('atividade', atividadeModule),
  modulo('guardioes', guardioesModule),
  modulo('fotos', fotosModule),
];
