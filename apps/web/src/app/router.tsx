import { createBrowserRouter, type RouteObject } from 'react-router';
import { PER, type Permissao } from '@rastro/shared/roles';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/paths';
import { AppRoot } from './layouts/AppRoot';
import { AuthLayout } from './layouts/AuthLayout';
import { ClientToMap, HomeRedirect, PublicOnly, RequireAuth, RequireRoles } from './layouts/guards';
import { PrivateLayout } from './layouts/PrivateLayout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/RouteError';

// Every page is its own chunk.
const page = {
  login: () => import('./routes/auth/login'),
  passwordReset: () => import('./routes/auth/password-reset'),
  novaSenha: () => import('./routes/auth/nova-senha'),
  alterarSenha: () => import('./routes/auth/alterar-senha'),
  signUp: () => import('./routes/auth/sign-up'),
  privacidade: () => import('./routes/privacidade'),
  notFound: () => import('./routes/not-found'),
  logout: () => import('./routes/admin/logout'),
  placeholder: () => import('./routes/placeholder'),
};

const handle = (title: string): RouteHandle => ({ title });

/** A screen of a later issue; with roles, it renders only for users holding one of them. */
function todo(path: string, title: string, roles?: readonly Permissao[]): RouteObject {
  const route: RouteObject = { path, handle: handle(title), lazy: page.placeholder };
  return roles ? { element: <RequireRoles roles={roles} />, children: [route] } : route;
}

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
              { path: paths.auth.passwordReset.path, handle: handle('Esqueceu sua senha'), lazy: page.passwordReset },
              { path: paths.auth.passwordReset.statusPath, handle: handle('Esqueceu sua senha'), lazy: page.passwordReset },
              { path: paths.auth.novaSenha.path, handle: handle('Alterar sua senha'), lazy: page.novaSenha },
              { path: paths.auth.signUp.path, handle: handle('Cadastre-se'), lazy: page.signUp },
            ],
          },
          // For logged users only; it guards itself so its success message survives the logout.
          { path: paths.auth.alterarSenha.path, handle: handle('Alterar senha'), lazy: page.alterarSenha },
          { path: paths.privacidade.path, handle: handle('Política de Privacidade'), lazy: page.privacidade },
          { path: '*', handle: handle('Página não encontrada'), lazy: page.notFound },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <PrivateLayout />,
            children: [
              { path: paths.admin.root.path, element: <HomeRedirect /> },
              { path: paths.admin.logout.path, handle: handle('Sair'), lazy: page.logout },
              {
                element: <ClientToMap />,
                children: [
                  todo(paths.admin.dashboard.path, 'Dashboard', [
                    PER.DASHBOARD_TOTAIS,
                    PER.DASHBOARD_SITUACAO,
                    PER.DASHBOARD_ENERGIA,
                  ]),
                ],
              },
              todo(paths.admin.usuarios.list.path, 'Usuários', [PER.USUARIOS]),
              todo(paths.admin.usuarios.create.path, 'Cadastrar Usuário', [PER.USUARIOS]),
              todo(paths.admin.usuarios.edit.path, 'Editar Usuário', [PER.USUARIOS]),
              todo(paths.admin.rastreadores.list.path, 'Rastreadores', [PER.RASTREADORES]),
              todo(paths.admin.rastreadores.create.path, 'Cadastrar Rastreador', [PER.RASTREADORES]),
              todo(paths.admin.rastreadores.edit.path, 'Editar Rastreador', [PER.RASTREADORES]),
              todo(paths.admin.chips.list.path, 'Chips', [PER.CHIPS]),
              todo(paths.admin.chips.create.path, 'Cadastrar Chip', [PER.CHIPS]),
              todo(paths.admin.chips.edit.path, 'Editar Chip', [PER.CHIPS]),
              todo(paths.admin.pagamentos.path, 'Pagamentos', [PER.PAGAMENTOS]),
              todo(paths.user.minhaConta.path, 'Minha Conta'),
              todo(paths.user.rastreadorDetalhe.path, 'Detalhe do Rastreador'),
              todo(paths.user.meusRastreadores.list.path, 'Meus Rastreadores'),
              todo(paths.user.meusRastreadores.create.path, 'Cadastrar Rastreador'),
              todo(paths.user.meusRastreadores.edit.path, 'Editar Rastreador'),
              todo(paths.user.mapa.path, 'Mapa GPS'),
              todo(paths.user.notificacoes.path, 'Notificações'),
              todo(paths.user.meusPagamentos.path, 'Meus Pagamentos', [PER.PAGAMENTOS]),
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
