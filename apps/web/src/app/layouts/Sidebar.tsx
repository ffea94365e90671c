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
import type { EffectiveUser } from '@/lib/session';
import { visibleMenu } from './menu';

const isCurrent = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

interface SidebarProps {
  user: EffectiveUser;
  /** Called after a choice (closes the temporary drawer). */
  onNavigate?: () => void;
}

export function Sidebar({ user, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  const entries = visibleMenu(user);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Box sx={{ height: LOGO_HEIGHT, display: 'flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 }}>
        <Logo size={44} />
      </Box>
      <Divider />
      <Box component="nav" aria-label="Menu principal" sx={{ overflowY: 'auto' }}>
        <List>
          {entries.map((entry, i) => {
            if (entry.kind === 'divider') return <Divider key={`divider-${i}`} component="li" sx={{ my: 1 }} />;
            const Icon = entry.icon;
            const current = isCurrent(pathname, entry.to);
            return (
              <ListItem key={entry.to} disablePadding>
                <ListItemButton
                  component={Link}
                  to={entry.to}
                  nativeButton={false}
                  selected={current}
                  aria-current={current ? 'page' : undefined}
                  onClick={onNavigate}
                >
                  <ListItemIcon>
                    <Icon fontSize="small" />
                  </ListItemIcon>
                  <ListItemText primary={entry.label} />
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      </Box>
    </Box>
  );
}
