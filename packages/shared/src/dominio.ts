/** Domain enumerations with their pt-BR descriptions (spec §3, §4). */

export const SITUACOES_RASTREADOR = ['AGUARDANDO_VINCULO', 'ATIVO', 'INATIVO', 'ALERTA'] as const;
export type SituacaoRastreador = (typeof SITUACOES_RASTREADOR)[number];
export const DESCRICAO_SITUACAO_RASTREADOR: Record<SituacaoRastreador, string> = {
  AGUARDANDO_VINCULO: 'Aguardando Vínculo',
  ATIVO: 'Ativo',
  INATIVO: 'Inativo',
  ALERTA: 'Alerta',
};

export const SITUACOES_ENERGIA = ['LIGADO', 'DESLIGADO', 'AGUARDANDO_DESLIGAMENTO'] as const;
export type SituacaoEnergia = (typeof SITUACOES_ENERGIA)[number];
export const DESCRICAO_SITUACAO_ENERGIA: Record<SituacaoEnergia, string> = {
  LIGADO: 'Ligado',
  DESLIGADO: 'Desligado',
  AGUARDANDO_DESLIGAMENTO: 'Aguardando Desligamento',
};

export const PROTOCOLOS = ['TOPIN', 'OUTRO'] as const;
export type Protocolo = (typeof PROTOCOLOS)[number];

export const SEXOS = ['MASCULINO', 'FEMININO', 'PREFIRO_NAO_INFORMAR'] as const;
export type Sexo = (typeof SEXOS)[number];
export const DESCRICAO_SEXO: Record<Sexo, string> = {
  MASCULINO: 'Masculino',
  FEMININO: 'Feminino',
  PREFIRO_NAO_INFORMAR: 'Prefiro não informar',
};

/** Chip situation: 'A' active, otherwise inactive. */
export const SITUACOES_CHIP = ['A', 'I'] as const;
export type SituacaoChip = (typeof SITUACOES_CHIP)[number];
export const DESCRICAO_SITUACAO_CHIP: Record<SituacaoChip, string> = { A: 'Ativo', I: 'Inativo' };

export const TIPOS_LOCALIZACAO = ['GPS', 'WIFI', 'LBS'] as const;
export type TipoLocalizacao = (typeof TIPOS_LOCALIZACAO)[number];

/** Device commands queued for the gateway (docs/ARCHITECTURE.md §5). */
export const TIPOS_COMANDO = ['DESLIGAR', 'LOCALIZAR', 'INTERVALO', 'GPS_LIGAR', 'GPS_DESLIGAR'] as const;
export type TipoComando = (typeof TIPOS_COMANDO)[number];
export const STATUS_COMANDO = ['PENDENTE', 'ENVIADO', 'CONFIRMADO', 'FALHOU'] as const;
export type StatusComando = (typeof STATUS_COMANDO)[number];

export const TIPOS_VISUALIZACAO = ['ATUAL', 'HISTORICO'] as const;
export type TipoVisualizacao = (typeof TIPOS_VISUALIZACAO)[number];
export const DESCRICAO_TIPO_VISUALIZACAO: Record<TipoVisualizacao, string> = {
  ATUAL: 'Localização atual',
  HISTORICO: 'Histórico de localizações',
};

export const FORMATOS_EXPORTACAO = ['gpx', 'kml', 'csv'] as const;
export type FormatoExportacao = (typeof FORMATOS_EXPORTACAO)[number];

/** Brazilian mobile networks by MNC (MCC 724), for the LBS table's 'Rede'. */
const REDES_724: Record<number, string> = {
  2: 'TIM',
  3: 'TIM',
  4: 'TIM',
  5: 'Claro',
  6: 'Vivo',
  10: 'Vivo',
  11: 'Vivo',
  15: 'Sercomtel',
  16: 'Oi',
  23: 'Vivo',
  24: 'Oi',
  31: 'Oi',
  32: 'Algar',
  33: 'Algar',
  34: 'Algar',
  39: 'Nextel',
  54: 'Conecta',
};
/** 'Claro', 'Vivo', … or 'MCC/MNC' when unknown. */
export function descricaoRede(mcc: number | null, mnc: number | null): string | null {
  if (mcc === null || mnc === null) return null;
  return (mcc === 724 ? REDES_724[mnc] : undefined) ?? `${mcc}/${String(mnc).padStart(2, '0')}`;
}

/** A safe zone's shape (issue #17). */
export const TIPOS_ZONA = ['CIRCULO', 'POLIGONO'] as const;
export type TipoZona = (typeof TIPOS_ZONA)[number];
/** A tracker crossing a zone's border. */
export const TIPOS_EVENTO_ZONA = ['ENTRADA', 'SAIDA'] as const;
export type TipoEventoZona = (typeof TIPOS_EVENTO_ZONA)[number];
export const DESCRICAO_TIPO_EVENTO_ZONA: Record<TipoEventoZona, string> = { ENTRADA: 'Entrada', SAIDA: 'Saída' };
