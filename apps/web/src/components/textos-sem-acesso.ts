/** The texts of the page a user's roles do not open (shared with the browser journeys). */
export const TEXTO_SEM_ACESSO = {
  titulo: 'Você não tem acesso a esta página',
  texto: 'Ela não faz parte do seu perfil de acesso. Se precisar dela, fale com o administrador do Rastro.',
  paraOMapa: 'Ir para o mapa',
  paraODashboard: 'Ir para o Dashboard',
} as const;
