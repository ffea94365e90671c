import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The page heading of the public screens. */
export function AuthHeading({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <Typography id={id} variant="h5" component="h1" sx={{ fontWeight: 600, mb: 2, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}
