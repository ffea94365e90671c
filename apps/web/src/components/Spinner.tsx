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

/**
 * Read by screen readers, not drawn. Lengths as strings: in `sx`, a number up to 1 is a fraction
 * (width 1 is 100%) and a margin is theme spacing, so a phone's page grew sideways.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;
