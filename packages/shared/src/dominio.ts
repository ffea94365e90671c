/** Domain enumerations with their pt-BR descriptions (spec §3, §4). */

export const SITUACOES_RASTREADOR = ['AGUARDANDO_VINCULO', 'ATIVO', 'INATIVO', 'ALERTA'] as const;
export type SituacaoRastreador = (typeof SITUACOES_RASTREADOR)[number];
export const DESCRICAO_SITUACAO_RASTREADOR: Record<SituacaoRastreador, string> = {
  AGUARDANDO_VINCULO: 'Aguardando Vinculo',
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

/** Device commands queued for the gateway (ARCHITECTURE.md, `comandos`). */
export const TIPOS_COMANDO = ['DESLIGAR', 'LOCALIZAR', 'INTERVALO', 'GPS_LIGAR', 'GPS_DESLIGAR'] as const;
export type TipoComando = (typeof TIPOS_COMANDO)[number];
export const STATUS_COMANDO = ['PENDENTE', 'ENVIADO', 'CONFIRMADO', 'FALHOU'] as const;
export type StatusComando = (typeof STATUS_COMANDO)[number];
