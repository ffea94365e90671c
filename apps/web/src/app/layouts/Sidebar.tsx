import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link, useLocation } from 'react-router';
import { LOGO_HEIGHT } from '@rastro/shared/constants';
import { Logo } from '@/components/Logo';
import { useNaoLidas } from '@/features/notificacoes/api/get-nao-lidas';
import { useAppConfig } from '@/lib/app-config';
import type { UsuarioEfetivo } from '@/lib/sessao';
import { paths } from '@/paths';
import { visibleMenu, type MenuItem } from './menu';

const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

interface SidebarProps {
  usuario: UsuarioEfetivo;
  /** Called after a choice (closes the temporary drawer). */
  onNavigate?: () => void;
}

export function Sidebar({ usuario, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const pagamentos = useAppConfig().data?.pagamentos.ativo ?? false;
  const entries = visibleMenu(usuario, { pagamentos });
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ height: LOGO_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
        <Logo size={44} />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Menu principal" sx={{ overflowY: 'auto' }}>
        <List>
          {entries.map((entry, i) => {
            // Only a visual break: a list may hold list items alone (an <li role="separator"> is not one).
            if (entry.kind === 'divider') return <Divider key={`divider-${i}`} component="li" aria-hidden sx={{ my: 1 }} />;
            const current = isCurrent(pathname, entry.to);
            const Entry = entry.to === paths.user.notificacoes.getHref() ? NotificacoesEntry : MenuEntryLink;
            return <Entry key={entry.to} item={entry} current={current} onNavigate={onNavigate} />;
          })}
        </List>
      </Box>
    </Box>
  );
}

interface EntryProps {
  item: MenuItem;
  current: boolean;
  onNavigate?: () => void;
  /** A count shown on the icon (hidden at 0) and read out with the entry's name. */
  badge?: { count: number; label: string };
}

function MenuEntryLink({ item, current, onNavigate, badge }: EntryProps) {
  const Icon = item.icon;
  const icon = <Icon fontSize="small" />;
  const count = badge?.count ?? 0;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={Link}
        to={item.to}
        nativeButton={false}
        selected={current}
        aria-current={current ? 'page' : undefined}
        aria-label={count > 0 && badge ? `${item.label}, ${badge.label}` : undefined}
        onClick={onNavigate}
      >
        <ListItemIcon>
          {count > 0 ? (
            <Badge badgeContent={count} max={99} color="error">
              {icon}
            </Badge>
          ) : (
            icon
          )}
        </ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

/** 'Notificações' with the unread count; the query runs only while this entry is shown. */
function NotificacoesEntry(props: EntryProps) {
  const count = useNaoLidas();
  return <MenuEntryLink {...props} badge={{ count, label: `${count} ${count === 1 ? 'não lida' : 'não lidas'}` }} />;
}
