import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAppConfig } from '@/lib/app-config';

export function Footer() {
  const { data } = useAppConfig();
  return (
    <Box component="footer" sx={{ px: 2, py: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        Rastro{data ? ` · versão ${data.versao}` : ''}
      </Typography>
    </Box>
  );
}
