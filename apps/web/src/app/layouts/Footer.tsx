import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { config } from '@/lib/config';

/** The version of the web app this page runs (its build's), so a stale page tells itself apart. */
export function Footer() {
  return (
    <Box component="footer" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        Rastro · versão {config.versao}
      </Typography>
    </Box>
  );
}
