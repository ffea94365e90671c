/** The pt-BR texts of the push alerts control (the server's messages come from MSG). */
export const TEXTOS_PUSH = {
  titulo: 'Alertas neste aparelho',
  explicacao: 'Receba SOS, bateria fraca, coleira removida e saídas de zona como notificação, mesmo com o Rastro fechado.',
  ativar: 'Receber alertas neste aparelho',
  desativar: 'Desativar alertas neste aparelho',
  ativos: 'Alertas ativos neste aparelho',
  verificando: 'Verificando os alertas deste aparelho...',
  indisponivel: 'Este navegador não recebe alertas. No iPhone, adicione o Rastro à tela de início e abra-o por lá.',
  bloqueado:
    'As notificações do Rastro estão bloqueadas neste navegador. Permita as notificações nas configurações do site para receber alertas.',
  semPermissao: 'Permita as notificações quando o navegador perguntar para receber alertas neste aparelho.',
  falhaInscricao: 'Não foi possível ativar os alertas neste aparelho. Tente novamente mais tarde.',
  falhaCancelamento: 'Não foi possível desativar os alertas neste aparelho. Tente novamente.',
} as const;
