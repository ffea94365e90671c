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
import { rastreadoresModule } from './rastreadores/routes';
import { relatoriosModule } from './relatorios/routes';
import { usuariosAdminModule } from './usuarios/admin-routes';
import { usuariosPublicModule } from './usuarios/routes';
import { zonasModule } from './zonas/routes';

/**
 * Every module of the API, each registered as an encapsulated Fastify plugin: its routes see the
 * shared infrastructure (`app.db`, `app.auth`…) and nothing another module registers.
 */
export const MODULOS: readonly ((app: AppInstance) => Promise<void>)[] = [
  healthModule,
  configModule,
  authModule,
  usuariosPublicModule,
  usuariosAdminModule,
  chipsModule,
  rastreadoresModule,
  meusRastreadoresModule,
  posicoesModule,
  notificacoesModule,
  lookupsModule,
  relatoriosModule,
  zonasModule,
  pushModule,
  linksModule,
  atividadeModule,
  guardioesModule,
  fotosModule,
];
