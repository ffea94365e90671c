import { ptBR } from '@mui/material/locale';
import { createTheme } from '@mui/material/styles';
import { BREAKPOINTS } from '@rastro/shared/constants';

const focusRing = { outline: '3px solid #ff8f00', outlineOffset: 2 } as const;

export const theme = createTheme(
  {
    breakpoints: { values: BREAKPOINTS },
    palette: {
      primary: { main: '#00695c' },
      secondary: { main: '#ef6c00' },
      success: { main: '#2e7d32' },
      background: { default: '#f4f6f8' },
    },
    typography: {
      fontFamily: 'Roboto, system-ui, -apple-system, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      // A visible keyboard focus everywhere (WCAG 2.4.7).
      MuiButtonBase: { styleOverrides: { root: { '&.Mui-focusVisible': focusRing } } },
      MuiLink: { styleOverrides: { root: { '&:focus-visible': { ...focusRing, borderRadius: 2 } } } },
      // A disabled field's helper text says why it is disabled ('Selecione o estado.'): it must
      // stay readable (WCAG 1.4.3), not fade to the disabled grey. An error on a disabled field
      // stays in the error colour.
      MuiFormHelperText: {
        styleOverrides: {
          root: ({ theme: t }) => ({
            '&.Mui-disabled': { color: t.palette.text.secondary },
            '&.Mui-disabled.Mui-error': { color: t.palette.error.main },
          }),
        },
      },
    },
  },
  ptBR,
);
