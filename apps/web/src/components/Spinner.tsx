import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

interface SpinnerProps {
  /** Read by screen readers, and shown under the spinner when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  fullPage?: boolean;
}

export function Spinner({ label = 'Carregando...', showLabel = false, fullPage = false }: SpinnerProps) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        py: 4,
        minHeight: fullPage ? '100vh' : undefined,
      }}
    >
      <CircularProgress aria-hidden="true" />
      {showLabel ? (
        <Typography>{label}</Typography>
      ) : (
        <Box component="span" sx={visuallyHidden}>
          {label}
        </Box>
      )}
    </Box>
  );
}

export const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
