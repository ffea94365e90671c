/** Every URL of the app. Routes use `path`; links and redirects use `getHref()`. */

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) params.set(k, v);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

const id = (v: number | string) => encodeURIComponent(String(v));

export const paths = {
  home: { path: '/', getHref: () => '/' },
  privacidade: { path: '/politica-de-privacidade', getHref: () => '/politica-de-privacidade' },
  /** A co-guardian invite's link, as e-mailed (logged in or not). */
  convite: { path: '/convite/:token', getHref: (token: string) => `/convite/${encodeURIComponent(token)}` },
  auth: {
    login: {
      path: '/auth/login',
      /** `redirect`: where to go after logging in (an internal path). */
      getHref: (redirect?: string | null) => withQuery('/auth/login', { redirect }),
    },
    passwordReset: {
      path: '/auth/password-reset',
      statusPath: '/auth/password-reset/:status',
      getHref: (status?: 'error') => withQuery('/auth/password-reset', { status }),
    },
    novaSenha: {
      path: '/auth/alterar-sua-senha/:token',
      getHref: (token: string) => `/auth/alterar-sua-senha/${encodeURIComponent(token)}`,
    },
    alterarSenha: { path: '/auth/alterar-senha', getHref: () => '/auth/alterar-senha' },
    signUp: {
      path: '/auth/sign-up',
      /** `convite`: the token of a co-guardian invite the new account accepts (/convite/:token). */
      getHref: (convite?: string | null) => withQuery('/auth/sign-up', { convite }),
    },
  },
  admin: {
    root: { path: '/admin', getHref: () => '/admin' },
    logout: { path: '/admin/logout', getHref: () => '/admin/logout' },
    dashboard: { path: '/admin/dashboard', getHref: () => '/admin/dashboard' },
    usuarios: {
      list: { path: '/admin/usuarios', getHref: () => '/admin/usuarios' },
      create: { path: '/admin/usuarios/cadastrar', getHref: () => '/admin/usuarios/cadastrar' },
      edit: { path: '/admin/usuarios/editar/:id', getHref: (v: number | string) => `/admin/usuarios/editar/${id(v)}` },
    },
    rastreadores: {
      list: { path: '/admin/rastreadores', getHref: () => '/admin/rastreadores' },
      create: { path: '/admin/rastreadores/cadastrar', getHref: () => '/admin/rastreadores/cadastrar' },
      edit: {
        path: '/admin/rastreadores/editar/:id',
        getHref: (v: number | string) => `/admin/rastreadores/editar/${id(v)}`,
      },
    },
    chips: {
      list: { path: '/admin/chips', getHref: () => '/admin/chips' },
      create: { path: '/admin/chips/cadastrar', getHref: () => '/admin/chips/cadastrar' },
      edit: { path: '/admin/chips/editar/:id', getHref: (v: number | string) => `/admin/chips/editar/${id(v)}` },
    },
    pagamentos: { path: '/admin/pagamentos', getHref: () => '/admin/pagamentos' },
  },
  user: {
    minhaConta: { path: '/user/minha-conta', getHref: () => '/user/minha-conta' },
    rastreadorDetalhe: {
      path: '/user/rastreadores/detalhe/:id',
      getHref: (v: number | string) => `/user/rastreadores/detalhe/${id(v)}`,
    },
    meusRastreadores: {
      list: { path: '/user/meus-rastreadores', getHref: () => '/user/meus-rastreadores' },
      create: { path: '/user/meus-rastreadores/cadastrar', getHref: () => '/user/meus-rastreadores/cadastrar' },
      edit: {
        path: '/user/meus-rastreadores/editar/:id',
        getHref: (v: number | string) => `/user/meus-rastreadores/editar/${id(v)}`,
      },
    },
    mapa: { path: '/user/mapa', getHref: () => '/user/mapa' },
    zonas: {
      list: { path: '/user/zonas', getHref: () => '/user/zonas' },
      create: { path: '/user/zonas/cadastrar', getHref: () => '/user/zonas/cadastrar' },
      edit: { path: '/user/zonas/editar/:id', getHref: (v: number | string) => `/user/zonas/editar/${id(v)}` },
      eventos: { path: '/user/zonas/eventos/:id', getHref: (v: number | string) => `/user/zonas/eventos/${id(v)}` },
    },
    notificacoes: { path: '/user/notificacoes', getHref: () => '/user/notificacoes' },
    meusPagamentos: { path: '/user/meus-pagamentos', getHref: () => '/user/meus-pagamentos' },
  },
} as const;
