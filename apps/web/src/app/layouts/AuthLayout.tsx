import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { Logo } from '@/components/Logo';
import { useRouteTitle } from '../route-handle';

/** The public frame: one centred card with the logo. */
export function AuthLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} | Rastro` : 'Rastro';
  }, [title]);

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
        bgcolor: 'background.default',
      }}
    >
      <Paper elevation={3} sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
          <Logo size={48} />
        </Box>
        <Outlet />
      </Paper>
    </Box>
  );
}
