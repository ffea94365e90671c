import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FenceIcon from '@mui/icons-material/Fence';
import GpsFixedIcon from '@mui/icons-material/GpsFixed';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import MapIcon from '@mui/icons-material/Map';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PaymentIcon from '@mui/icons-material/Payment';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PeopleIcon from '@mui/icons-material/People';
import PetsIcon from '@mui/icons-material/Pets';
import SimCardIcon from '@mui/icons-material/SimCard';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';
import { PER, temPermissao, type Permissao } from '@rastro/shared/permissoes';
import type { UsuarioEfetivo } from '@/lib/sessao';
import { paths } from '@/paths';

export interface MenuItem {
  kind: 'item';
  label: string;
  to: string;
  icon: ComponentType<SvgIconProps>;
  permissoes?: readonly Permissao[];
  /** Only while payments are on (`/api/config`): off, the spec keeps the screen out of the menu. */
  comPagamentos?: boolean;
  /** Only for users of a client level. */
  clientOnly?: boolean;
}

export type MenuEntry = MenuItem | { kind: 'divider' };

const divider = { kind: 'divider' } as const;

export const MENU: readonly MenuEntry[] = [
  {
    kind: 'item',
    label: 'Dashboard',
    to: paths.admin.dashboard.getHref(),
    icon: DashboardIcon,
    permissoes: [PER.DASHBOARD_TOTAIS, PER.DASHBOARD_SITUACAO, PER.DASHBOARD_ENERGIA],
  },
  { kind: 'item', label: 'Usuários', to: paths.admin.usuarios.list.getHref(), icon: PeopleIcon, permissoes: [PER.USUARIOS] },
  { kind: 'item', label: 'Rastreadores', to: paths.admin.rastreadores.list.getHref(), icon: GpsFixedIcon, permissoes: [PER.RASTREADORES] },
  { kind: 'item', label: 'Chips', to: paths.admin.chips.list.getHref(), icon: SimCardIcon, permissoes: [PER.CHIPS] },
  {
    kind: 'item',
    label: 'Pagamentos',
    to: paths.admin.pagamentos.getHref(),
    icon: PaymentIcon,
    permissoes: [PER.PAGAMENTOS],
    comPagamentos: true,
  },
  divider,
  { kind: 'item', label: 'Mapa GPS', to: paths.user.mapa.getHref(), icon: MapIcon, clientOnly: true },
  { kind: 'item', label: 'Meus Rastreadores', to: paths.user.meusRastreadores.list.getHref(), icon: PetsIcon, clientOnly: true },
  { kind: 'item', label: 'Zonas seguras', to: paths.user.zonas.list.getHref(), icon: FenceIcon, clientOnly: true },
  {
    kind: 'item',
    label: 'Meus Pagamentos',
    to: paths.user.meusPagamentos.getHref(),
    icon: ReceiptLongIcon,
    clientOnly: true,
    comPagamentos: true,
  },
  divider,
  { kind: 'item', label: 'Notificações', to: paths.user.notificacoes.getHref(), icon: NotificationsIcon },
  divider,
  { kind: 'item', label: 'Minha Conta', to: paths.user.minhaConta.getHref(), icon: AccountCircleIcon },
  { kind: 'item', label: 'Alterar senha', to: paths.auth.alterarSenha.getHref(), icon: KeyIcon },
  { kind: 'item', label: 'Sair', to: paths.admin.logout.getHref(), icon: LogoutIcon },
];

/** What the menu depends on beyond the user. */
export interface ContextoDoMenu {
  /** Payments are on (a Pix key or a PSP is configured). */
  pagamentos: boolean;
}

const canSee = (item: MenuItem, usuario: UsuarioEfetivo, contexto: ContextoDoMenu) =>
  (!item.comPagamentos || contexto.pagamentos) &&
  (!item.clientOnly || usuario.isClient) &&
  temPermissao(usuario.authorities, item.permissoes);

/** The entries this user sees, without leading, trailing or repeated dividers. */
export function visibleMenu(usuario: UsuarioEfetivo, contexto: ContextoDoMenu, menu: readonly MenuEntry[] = MENU): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of menu) {
    if (entry.kind === 'divider') {
      if (out.length > 0 && out.at(-1)?.kind !== 'divider') out.push(entry);
    } else if (canSee(entry, usuario, contexto)) {
      out.push(entry);
    }
  }
  if (out.at(-1)?.kind === 'divider') out.pop();
  return out;
}
