import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { MSG } from '@rastro/shared/messages';

/** Screens of later issues: the page name and 'Em desenvolvimento'. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <ConstructionIcon color="action" sx={{ fontSize: 48 }} aria-hidden="true" />
      <Typography variant="h5" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{MSG.emDesenvolvimento}</Typography>
    </Paper>
  );
}
