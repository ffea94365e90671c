import FenceIcon from '@mui/icons-material/Fence';
import MapIcon from '@mui/icons-material/Map';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsIcon from '@mui/icons-material/Notifications';
import PetsIcon from '@mui/icons-material/Pets';
import Badge from '@mui/material/Badge';
import BottomNavigation from '@mui/material/BottomNavigation';
import BottomNavigationAction from '@mui/material/BottomNavigationAction';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useNaoLidas } from '@/features/notificacoes/api/get-nao-lidas';
import { paths } from '@/paths';

/** The bottom bar's height; the page leaves this much room under its content. */
export const ALTURA_BARRA_INFERIOR = 56;

interface Destino {
  rotulo: string;
  to: string;
  icone: ReactNode;
}

const DESTINOS: readonly Destino[] = [
  { rotulo: 'Mapa', to: paths.user.mapa.getHref(), icone: <MapIcon /> },
  { rotulo: 'Pets', to: paths.user.meusRastreadores.list.getHref(), icone: <PetsIcon /> },
  { rotulo: 'Zonas', to: paths.user.zonas.list.getHref(), icone: <FenceIcon /> },
];

const ALERTAS = paths.user.notificacoes.getHref();

const emDestino = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The owner's navigation on a phone (below 600 px): Mapa, Pets, Zonas, Alertas with the unread
 * count, and Menu, which opens the drawer with every other entry (account, password, logout).
 */
export function BarraInferior({ onMenu }: { onMenu: () => void }) {
  const { pathname } = useLocation();
  const naoLidas = useNaoLidas();
  const atual = [...DESTINOS.map((d) => d.to), ALERTAS].find((to) => emDestino(pathname, to)) ?? false;
  const rotuloAlertas = naoLidas > 0 ? `Alertas, ${naoLidas} ${naoLidas === 1 ? 'não lida' : 'não lidas'}` : 'Alertas';

  return (
    <Paper
      component="nav"
      aria-label="Navegação principal"
      elevation={8}
      square
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: (t) => t.zIndex.appBar, pb: 'env(safe-area-inset-bottom)' }}
    >
      <BottomNavigation
        value={atual}
        showLabels
        // MUI's 80 px minimum per action made five of them 400 px: 'Menu' stuck out of a 390 px screen.
        sx={{ height: ALTURA_BARRA_INFERIOR, '& .MuiBottomNavigationAction-root': { minWidth: 0, px: 0.5 } }}
      >
        {DESTINOS.map((d) => (
          <BottomNavigationAction
            key={d.to}
            component={Link}
            to={d.to}
            value={d.to}
            label={d.rotulo}
            icon={d.icone}
            aria-current={atual === d.to ? 'page' : undefined}
          />
        ))}
        <BottomNavigationAction
          component={Link}
          to={ALERTAS}
          value={ALERTAS}
          label="Alertas"
          aria-label={rotuloAlertas}
          aria-current={atual === ALERTAS ? 'page' : undefined}
          icon={
            <Badge badgeContent={naoLidas} max={99} color="error">
              <NotificationsIcon />
            </Badge>
          }
        />
        <BottomNavigationAction label="Menu" icon={<MenuIcon />} aria-haspopup="dialog" onClick={onMenu} />
      </BottomNavigation>
    </Paper>
  );
}
