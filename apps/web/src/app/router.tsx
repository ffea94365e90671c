import { createBrowserRouter, type RouteObject } from 'react-router';
import { PER } from '@rastro/shared/permissoes';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/paths';
import { AppRoot } from './layouts/AppRoot';
import { AuthLayout } from './layouts/AuthLayout';
import { ClienteParaMapa, HomeRedirect, PublicOnly, RequireAuth, ExigirPermissoes } from './layouts/guards';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/RouteError';

// Every page is its own chunk; so is the logged-in frame (sidebar, live updates, emulation banner),
// which the login screen never needs.
const privateLayout = () => import('./layouts/PrivateLayout').then((m) => ({ Component: m.PrivateLayout }));
// The query cache, for every screen but the login (which draws without it).
const dadosLayout = () => import('./layouts/DadosLayout').then((m) => ({ Component: m.DadosLayout }));

const page = {
  login: () => import('./routes/auth/login'),
  passwordReset: () => import('./routes/auth/password-reset'),
  novaSenha: () => import('./routes/auth/nova-senha'),
  alterarSenha: () => import('./routes/auth/alterar-senha'),
  signUp: () => import('./routes/auth/sign-up'),
  privacidade: () => import('./routes/privacidade'),
  convite: () => import('./routes/convite'),
  notFound: () => import('./routes/not-found'),
  logout: () => import('./routes/admin/logout'),
  dashboard: () => import('./routes/admin/dashboard'),
  usuariosList: () => import('./routes/admin/usuarios/list'),
  usuariosCadastrar: () => import('./routes/admin/usuarios/cadastrar'),
  usuariosEditar: () => import('./routes/admin/usuarios/editar'),
  chipsList: () => import('./routes/admin/chips/list'),
  chipsCadastrar: () => import('./routes/admin/chips/cadastrar'),
  chipsEditar: () => import('./routes/admin/chips/editar'),
  rastreadoresList: () => import('./routes/admin/rastreadores/list'),
  rastreadoresCadastrar: () => import('./routes/admin/rastreadores/cadastrar'),
  rastreadoresEditar: () => import('./routes/admin/rastreadores/editar'),
  minhaConta: () => import('./routes/user/minha-conta'),
  detalhe: () => import('./routes/user/detalhe'),
  meusRastreadoresList: () => import('./routes/user/meus-rastreadores/list'),
  meusRastreadoresCadastrar: () => import('./routes/user/meus-rastreadores/cadastrar'),
  meusRastreadoresEditar: () => import('./routes/user/meus-rastreadores/editar'),
  mapa: () => import('./routes/user/mapa'),
  zonasList: () => import('./routes/user/zonas/list'),
  zonasCadastrar: () => import('./routes/user/zonas/cadastrar'),
  zonasEditar: () => import('./routes/user/zonas/editar'),
  zonasEventos: () => import('./routes/user/zonas/eventos'),
  notificacoes: () => import('./routes/user/notificacoes'),
  pagamentos: () => import('./routes/admin/pagamentos'),
  meusPagamentos: () => import('./routes/user/meus-pagamentos'),
};

const handle = (title: string): RouteHandle => ({ title });

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner fullPage />,
    children: [
      { index: true, element: <HomeRedirect /> },
      {
        element: <AuthLayout />,
        children: [
          {
            element: <PublicOnly />,
            children: [
              { path: paths.auth.login.path, handle: handle('Fazer login'), lazy: page.login },
              {
                lazy: dadosLayout,
                children: [
                  { path: paths.auth.passwordReset.path, handle: handle('Esqueceu sua senha'), lazy: page.passwordReset },
                  { path: paths.auth.passwordReset.statusPath, handle: handle('Esqueceu sua senha'), lazy: page.passwordReset },
                  { path: paths.auth.novaSenha.path, handle: handle('Alterar sua senha'), lazy: page.novaSenha },
                  { path: paths.auth.signUp.path, handle: handle('Cadastre-se'), lazy: page.signUp },
                ],
              },
            ],
          },
          {
            lazy: dadosLayout,
            children: [
              // For logged users only; it guards itself so its success message survives the logout.
              { path: paths.auth.alterarSenha.path, handle: handle('Alterar senha'), lazy: page.alterarSenha },
              { path: paths.privacidade.path, handle: handle('Política de Privacidade'), lazy: page.privacidade },
              // A co-guardian invite: logged in it accepts, logged out it leads to the login or sign-up.
              { path: paths.convite.path, handle: handle('Convite'), lazy: page.convite },
              { path: '*', handle: handle('Página não encontrada'), lazy: page.notFound },
            ],
          },
        ],
      },
      {
        lazy: dadosLayout,
        children: [
          {
            element: <RequireAuth />,
            children: [
              {
                lazy: privateLayout,
                children: [
                  { path: paths.admin.root.path, element: <HomeRedirect /> },
                  { path: paths.admin.logout.path, handle: handle('Sair'), lazy: page.logout },
                  {
                    element: <ClienteParaMapa />,
                    children: [
                      // Open to every non-client: each widget checks its own permission, and with none
                      // the page says 'Nenhum relatório a ser exibido.' (spec §2).
                      { path: paths.admin.dashboard.path, handle: handle('Dashboard'), lazy: page.dashboard },
                    ],
                  },
                  {
                    element: <ExigirPermissoes permissoes={[PER.USUARIOS]} />,
                    children: [
                      { path: paths.admin.usuarios.list.path, handle: handle('Usuários'), lazy: page.usuariosList },
                      { path: paths.admin.usuarios.create.path, handle: handle('Cadastrar Usuário'), lazy: page.usuariosCadastrar },
                      { path: paths.admin.usuarios.edit.path, handle: handle('Editar Usuário'), lazy: page.usuariosEditar },
                    ],
                  },
                  {
                    element: <ExigirPermissoes permissoes={[PER.RASTREADORES]} />,
                    children: [
                      { path: paths.admin.rastreadores.list.path, handle: handle('Rastreadores'), lazy: page.rastreadoresList },
                      {
                        path: paths.admin.rastreadores.create.path,
                        handle: handle('Cadastrar Rastreador'),
                        lazy: page.rastreadoresCadastrar,
                      },
                      {
                        path: paths.admin.rastreadores.edit.path,
                        handle: handle('Editar Rastreador'),
                        lazy: page.rastreadoresEditar,
                      },
                    ],
                  },
                  {
                    element: <ExigirPermissoes permissoes={[PER.CHIPS]} />,
                    children: [
                      { path: paths.admin.chips.list.path, handle: handle('Chips'), lazy: page.chipsList },
                      { path: paths.admin.chips.create.path, handle: handle('Cadastrar Chip'), lazy: page.chipsCadastrar },
                      { path: paths.admin.chips.edit.path, handle: handle('Editar Chip'), lazy: page.chipsEditar },
                    ],
                  },
                  {
                    element: <ExigirPermissoes permissoes={[PER.PAGAMENTOS]} />,
                    children: [{ path: paths.admin.pagamentos.path, handle: handle('Pagamentos'), lazy: page.pagamentos }],
                  },
                  { path: paths.user.minhaConta.path, handle: handle('Minha Conta'), lazy: page.minhaConta },
                  { path: paths.user.rastreadorDetalhe.path, handle: handle('Detalhe do Rastreador'), lazy: page.detalhe },
                  { path: paths.user.meusRastreadores.list.path, handle: handle('Meus Rastreadores'), lazy: page.meusRastreadoresList },
                  {
                    path: paths.user.meusRastreadores.create.path,
                    handle: handle('Cadastrar Rastreador'),
                    lazy: page.meusRastreadoresCadastrar,
                  },
                  { path: paths.user.meusRastreadores.edit.path, handle: handle('Editar Rastreador'), lazy: page.meusRastreadoresEditar },
                  { path: paths.user.mapa.path, handle: { title: 'Mapa GPS', telaCheiaNoCelular: true }, lazy: page.mapa },
                  { path: paths.user.zonas.list.path, handle: handle('Zonas seguras'), lazy: page.zonasList },
                  { path: paths.user.zonas.create.path, handle: handle('Cadastrar Zona segura'), lazy: page.zonasCadastrar },
                  { path: paths.user.zonas.edit.path, handle: handle('Editar Zona segura'), lazy: page.zonasEditar },
                  { path: paths.user.zonas.eventos.path, handle: handle('Eventos da Zona segura'), lazy: page.zonasEventos },
                  { path: paths.user.notificacoes.path, handle: handle('Notificações'), lazy: page.notificacoes },
                  { path: paths.user.meusPagamentos.path, handle: handle('Meus Pagamentos'), lazy: page.meusPagamentos },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
