// Apart from constants.ts: the first screen (the login) imports that one, and this list is only for the
// payments screen (the login's JavaScript budget, bench/web).
/**
 * Pix Automático (issue #35): the payer's account its authorisation request goes to (API Pix
 * `/solicrec` `destinatario`), and the banks the screen offers, by ISPB (any ISPB is accepted).
 */
export const PIX_AUTOMATICO = {
  agenciaMax: 4,
  contaMax: 20,
  /** Days the owner has to authorise in the bank app before the request expires. */
  diasParaAutorizar: 7,
} as const;

export const BANCOS_PIX: readonly { ispb: string; nome: string }[] = [
  { ispb: '00000000', nome: 'Banco do Brasil' },
  { ispb: '60746948', nome: 'Bradesco' },
  { ispb: '00360305', nome: 'Caixa Econômica Federal' },
  { ispb: '31872495', nome: 'C6 Bank' },
  { ispb: '00416968', nome: 'Banco Inter' },
  { ispb: '60701190', nome: 'Itaú Unibanco' },
  { ispb: '10573521', nome: 'Mercado Pago' },
  { ispb: '18236120', nome: 'Nubank' },
  { ispb: '08561701', nome: 'PagBank' },
  { ispb: '22896431', nome: 'PicPay' },
  { ispb: '90400888', nome: 'Santander' },
  { ispb: '02038232', nome: 'Sicoob' },
  { ispb: '01181521', nome: 'Sicredi' },
  { ispb: '92702067', nome: 'Banrisul' },
  { ispb: '30306294', nome: 'BTG Pactual' },
];

/** The Pix Automático screen's and the PSP webhook's messages (kept out of `MSG`, which the login loads). */
export const MSG_PIX = {
  contaPagadorObrigatoria: 'Informe o banco e a conta para o Pix Automático.',
  bancoInvalido: 'Escolha o banco da lista.',
  agenciaInvalida: 'Informe a agência com até 4 dígitos.',
  contaInvalida: 'Informe a conta com até 20 dígitos.',
  pixAutomaticoSemCpf: 'Cadastre seu CPF em Minha conta para usar o Pix Automático.',
  pixAutomaticoFalhou: 'Não foi possível pedir a autorização ao seu banco agora. Tente de novo em instantes ou escolha Pix.',
  certificadoDoPspInvalido: 'Certificado de cliente do PSP ausente ou inválido.',
} as const;
