import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { LocalGeolocationProvider } from '../geolocation/local-provider';
import type { GeolocationProvider } from '../geolocation/tipos';
import { comandosParaEnviar, concluirDesligamento, marcarEnviados, type ComandoParaEnviar } from '../modules/comandos/service';
import { AlarmesDoRastreador } from '../modules/notificacoes/alarmes';
import { REGRAS_ALARMES_PADRAO, type RegrasAlarmes } from '../modules/notificacoes/service';
import { GravacaoDeLocalizacoes } from '../modules/localizacoes/gravacao';
import { enfileirarPush, notificarComPush } from '../modules/push/service';
import { registrarBateria } from '../modules/localizacoes/service';
import { rastreadorPorImei } from '../modules/meus-rastreadores/service';
import { marcarOrigensAlternadas, registrarComunicacao } from '../modules/rastreadores/alteracoes-service';
import { AvaliadorDeZonas, OPCOES_ZONAS_PADRAO, type OpcoesZonas } from '../modules/zonas/avaliador';
import { AgregadorDeAtividade, OPCOES_ATIVIDADE_PADRAO, type OpcoesAtividade } from '../modules/atividade/agregador';

/**
 * Everything the gateway asks of the modules: it decodes frames, calls these and acknowledges,
 * as an HTTP route parses a request, calls a service and answers. No table is touched here.
 */
export interface ServicosDoGateway {
  /** Stores fixes and scans; each promise resolves once its rows are committed. */
  localizacoes: GravacaoDeLocalizacoes;
  /** Safe zones: told each committed position, decides transitions after the ack. */
  zonas: AvaliadorDeZonas;
  /** Daily activity: told each committed position, adds it to the day after the ack. */
  atividade: AgregadorDeAtividade;
  identificar(imei: string): Promise<{ id: number; situacao: string; donoId: number | null; descricao: string | null } | undefined>;
  registrarComunicacao(rastreadorId: number): Promise<void>;
  registrarBateria(rastreadorId: number, bateria: number | null, nivelSinal: number | null, carregando: boolean | null): Promise<void>;
  /** Device alarms: ALERTA and a notification to everyone who sees the tracker, repeats of a kind counted into it. */
  alarmes: AlarmesDoRastreador;
  comandosParaEnviar(rastreadorId: number): Promise<ComandoParaEnviar[]>;
  marcarEnviados(ids: readonly number[]): Promise<void>;
  concluirDesligamento(rastreadorId: number): Promise<boolean>;
  marcarOrigensAlternadas(rastreadorId: number): Promise<void>;
}

/** Where the gateway's work tells the live channel what changed (ao-vivo/publicador.ts). */
export interface AvisosAoVivo {
  usuario(id: number): void;
  rastreador(id: number): void;
}

/** The module services bound to one database (and geolocation provider, the local one by default). */
export function servicosDoGateway(
  database: Database,
  log: FastifyBaseLogger,
  avisos: AvisosAoVivo,
  geo?: GeolocationProvider,
  zonas: Partial<OpcoesZonas> = {},
  atividade: Partial<OpcoesAtividade> = {},
  alarmes: Partial<RegrasAlarmes> = {},
): ServicosDoGateway {
  const db = database.db;
  const local = new LocalGeolocationProvider(db);
  // Every notification the gateway's work creates (alarms, zones, activity goals) is queued for
  // push in the statement that inserts it.
  const aoCriarNotificacoes = enfileirarPush;
  // Whose screens to refresh: users with new notifications, trackers whose state changed.
  const avisar = (usuarioIds: readonly number[], rastreadorIds: readonly number[] = []) => {
    for (const id of usuarioIds) avisos.usuario(id);
    for (const id of rastreadorIds) avisos.rastreador(id);
  };

  return {
    localizacoes: new GravacaoDeLocalizacoes(db, geo ?? local, local, log),
    zonas: new AvaliadorDeZonas(db, log, notificarComPush, avisar, { ...OPCOES_ZONAS_PADRAO, ...zonas }),
    // The same GPS accuracy and days as the zones unless told otherwise.
    atividade: new AgregadorDeAtividade(db, log, notificarComPush, avisar, {
      ...OPCOES_ATIVIDADE_PADRAO,
      ...(zonas.precisaoGpsMetros === undefined ? {} : { precisaoGpsMetros: zonas.precisaoGpsMetros }),
      ...(zonas.timezone === undefined ? {} : { timezone: zonas.timezone }),
      ...atividade,
    }),
    identificar: (imei) => rastreadorPorImei(db, imei),
    registrarComunicacao: (id) => registrarComunicacao(db, id),
    registrarBateria: (id, bateria, nivelSinal, carregando) => registrarBateria(db, id, bateria, nivelSinal, carregando),
    alarmes: new AlarmesDoRastreador(db, log, { ...REGRAS_ALARMES_PADRAO, ...alarmes }, aoCriarNotificacoes, (usuarioIds, rastreadorId) =>
      avisar(usuarioIds, [rastreadorId]),
    ),
    comandosParaEnviar: (id) => comandosParaEnviar(db, id),
    marcarEnviados: (ids) => marcarEnviados(db, ids),
    concluirDesligamento: (id) => concluirDesligamento(db, id),
    marcarOrigensAlternadas: (id) => marcarOrigensAlternadas(db, id),
  };
}
