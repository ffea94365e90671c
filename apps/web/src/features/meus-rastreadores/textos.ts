/** The invitation a new owner sees instead of an empty list (shared with the browser journeys). */
export const TEXTO_PRIMEIRO_RASTREADOR = {
  titulo: 'Você ainda não tem rastreadores',
  texto:
    'Vincule o rastreador da coleira do seu pet para acompanhá-lo no mapa, receber alertas e ver por onde ele andou. ' +
    'Tenha em mãos o IMEI impresso no rastreador ou na caixa.',
  botao: 'Vincular rastreador',
} as const;
