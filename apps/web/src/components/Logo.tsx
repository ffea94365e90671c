import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The paw-in-a-pin mark and the product name. */
export function Logo({ size = 40, inverse = false }: { size?: number; inverse?: boolean }) {
  const fg = inverse ? '#ffffff' : '#00695c';
  const bg = inverse ? '#00695c' : '#ffffff';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <path fill={fg} d="M32 2C19.3 2 9 12.2 9 24.8 9 41.6 32 62 32 62s23-20.4 23-37.2C55 12.2 44.7 2 32 2z" />
        <g fill={bg}>
          <ellipse cx="32" cy="31" rx="8" ry="6.5" />
          <ellipse cx="21.5" cy="22.5" rx="3.4" ry="4.4" transform="rotate(-20 21.5 22.5)" />
          <ellipse cx="28" cy="16.5" rx="3.4" ry="4.6" />
          <ellipse cx="36" cy="16.5" rx="3.4" ry="4.6" />
          <ellipse cx="42.5" cy="22.5" rx="3.4" ry="4.4" transform="rotate(20 42.5 22.5)" />
        </g>
      </svg>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.6, color: inverse ? fg : 'primary.main' }}>
        Rastro
      </Typography>
    </Box>
  );
}
