/** Under the CEP while it is looked up and when the lookup could not fill the address. */
export const TEXTO_CEP = {
  consultando: 'Consultando o CEP...',
  indisponivel: 'A consulta de CEP está indisponível no momento. Preencha o endereço abaixo.',
} as const;
