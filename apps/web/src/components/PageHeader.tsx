import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  /** Buttons on the right (e.g. the 'Novo' button). */
  actions?: ReactNode;
}

/** A screen's heading (h2; the top bar holds the h1) with its actions. */
export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h2">
        {title}
      </Typography>
      {actions && <Box sx={{ display: 'flex', gap: 1 }}>{actions}</Box>}
    </Box>
  );
}
