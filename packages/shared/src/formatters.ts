import { formatPhone } from '@brazilian-utils/brazilian-utils';

/** Display formatters shared by the screens (and anything else that shows these values). */

/** A phone as the screens show it: `(11) 98765-4321`, `(11) 3000-0000`; '' when empty. */
export const formatarTelefone = (v: string | null | undefined): string => (v ? formatPhone(v, { mask: 'auto' }) : '');
