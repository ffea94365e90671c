import type { TipoVisualizacao } from '@rastro/shared/dominio';

/**
 * Query keys of the data the live channel (/api/socket) keeps fresh. The one owner of live data
 * (`AtualizacoesAoVivo`) writes into these; the screens read them like any other query.
 */
export const aoVivoKeys = {
  /** The user's trackers (Meus rastreadores list pages and single trackers). */
  meusRastreadores: ['meus-rastreadores'] as const,
  meusRastreadoresLists: () => [...aoVivoKeys.meusRastreadores, 'list'] as const,
  meuRastreador: (id: number) => [...aoVivoKeys.meusRastreadores, 'detail', id] as const,
  /** Map markers: ATUAL keeps the latest position per tracker; HISTORICO is not live. */
  marcadores: ['marcadores'] as const,
  marcadoresAtuais: (usuarioRastreadorId: number | null) =>
    [...aoVivoKeys.marcadores, 'ATUAL' satisfies TipoVisualizacao, usuarioRastreadorId] as const,
  /** Detail tables (positions and battery history) of one tracker. */
  localizacoes: ['localizacoes'] as const,
  baterias: ['baterias'] as const,
  /** Safe-zone crossings (a zone's, a tracker's): each one also arrives as a notification. */
  eventosZonas: ['eventos-zonas'] as const,
  /** Notifications list pages and the unread count of the sidebar. */
  notificacoes: ['notificacoes'] as const,
  notificacoesLists: () => [...aoVivoKeys.notificacoes, 'list'] as const,
  naoLidas: () => [...aoVivoKeys.notificacoes, 'nao-lidas'] as const,
  /** The user's subscriptions and charges (Meus Pagamentos, the map's banner): a payment or a suspension re-reads them. */
  pagamentos: ['pagamentos'] as const,
  assinaturas: () => [...aoVivoKeys.pagamentos, 'assinaturas'] as const,
  pagamentosLists: () => [...aoVivoKeys.pagamentos, 'list'] as const,
};
