import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import GlobalStyles from '@mui/material/GlobalStyles';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { DRAWER_WIDTH, SIDEBAR_COLLAPSE_BELOW } from '@rastro/shared/constants';
import { EmulacaoBanner } from '@/features/emulacao/components/EmulacaoBanner';
import { SincronizarPush } from '@/features/push/components/SincronizarPush';
import { AtualizacoesAoVivo } from '@/lib/ao-vivo/AtualizacoesAoVivo';
import { usuarioEfetivo, useSessao } from '@/lib/sessao';
import { useCelular } from '@/lib/use-celular';
import { useRouteTitle, useTelaCheiaNoCelular } from '../route-handle';
import { ALTURA_BARRA_INFERIOR, BarraInferior } from './BarraInferior';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';

const skipLink = {
  position: 'absolute',
  left: 8,
  top: -48,
  zIndex: 2000,
  p: 1,
  bgcolor: 'background.paper',
  '&:focus': { top: 8 },
} as const;

/**
 * The logged-in frame: sidebar, top bar with the page name, emulation banner, footer. An owner on a
 * phone (below 600 px) navigates with a bottom bar instead, and the map fills the screen between the bars.
 */
export function PrivateLayout() {
  const sessao = useSessao();
  const usuario = usuarioEfetivo(sessao);
  const title = useRouteTitle();
  const wide = useMediaQuery(`(min-width:${SIDEBAR_COLLAPSE_BELOW}px)`, { noSsr: true });
  const celular = useCelular();
  const telaCheia = useTelaCheiaNoCelular();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    document.title = title ? `${title} | Rastro` : 'Rastro';
  }, [title]);

  if (!usuario) return null;
  const barraInferior = celular && usuario.isClient;
  const cheia = barraInferior && telaCheia;
  const sidebar = <Sidebar usuario={usuario} onNavigate={wide ? undefined : () => setOpen(false)} />;

  return (
    <Box sx={cheia ? { display: 'flex', height: '100dvh', overflow: 'hidden' } : { display: 'flex', minHeight: '100vh' }}>
      {/* A field that takes the focus (the first one in error after a refused save) scrolls clear of the fixed bars. */}
      <GlobalStyles
        styles={{
          html: {
            scrollPaddingTop: 72,
            scrollPaddingBottom: barraInferior ? `calc(${ALTURA_BARRA_INFERIOR + 16}px + env(safe-area-inset-bottom))` : 0,
          },
        }}
      />
      <AtualizacoesAoVivo />
      <SincronizarPush ativo={!sessao.emulacao} />
      <Link href="#conteudo" sx={skipLink}>
        Pular para o conteúdo
      </Link>
      <AppBar position="fixed" sx={wide ? { width: `calc(100% - ${DRAWER_WIDTH}px)`, ml: `${DRAWER_WIDTH}px` } : undefined}>
        <Toolbar>
          {!wide && !barraInferior && (
            <IconButton color="inherit" edge="start" aria-label="Abrir menu" onClick={() => setOpen(true)} sx={{ mr: 2 }}>
              <MenuIcon />
            </IconButton>
          )}
          <Typography variant="h6" component="h1" noWrap sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          <Typography variant="body2" noWrap sx={{ display: { xs: 'none', sm: 'block' } }}>
            {sessao.usuario?.nome}
          </Typography>
        </Toolbar>
      </AppBar>
      {wide ? (
        <Drawer
          variant="permanent"
          open
          sx={{ width: DRAWER_WIDTH, flexShrink: 0 }}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
        >
          {sidebar}
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={open}
          onClose={() => setOpen(false)}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
        >
          {sidebar}
        </Drawer>
      )}
      <Box
        sx={{
          flexGrow: 1,
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          pb: barraInferior ? `calc(${ALTURA_BARRA_INFERIOR}px + env(safe-area-inset-bottom))` : 0,
        }}
      >
        <Toolbar />
        <EmulacaoBanner />
        <Box
          component="main"
          id="conteudo"
          tabIndex={-1}
          sx={cheia ? { flexGrow: 1, minHeight: 0, position: 'relative', outline: 'none' } : { flexGrow: 1, p: 2, outline: 'none' }}
        >
          <Outlet />
        </Box>
        {!cheia && <Footer />}
      </Box>
      {barraInferior && <BarraInferior onMenu={() => setOpen(true)} />}
    </Box>
  );
}
