import useMediaQuery from '@mui/material/useMediaQuery';
import { CELULAR_ABAIXO } from '@rastro/shared/constants';

/** The phone layout's query: narrower than CELULAR_ABAIXO (600 px). */
export const CONSULTA_CELULAR = `(max-width:${CELULAR_ABAIXO - 1}px)`;

/** Whether the screen is a phone's (below 600 px): map first, card lists, bottom bar. */
export const useCelular = () => useMediaQuery(CONSULTA_CELULAR, { noSsr: true });
