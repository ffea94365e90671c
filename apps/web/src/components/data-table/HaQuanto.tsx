import Typography from '@mui/material/Typography';
import { formatarDataHora, formatarHaQuanto } from '@/lib/format';

/**
 * A time as a phone's card reads it: 'há 3 min', with the date and time on a line under it (a phone
 * has no hover for a tooltip, and nothing is lost). Past a week it is the date alone; '-' when empty.
 */
export function HaQuanto({ iso }: { iso: string | null | undefined }) {
  const absoluto = formatarDataHora(iso);
  if (!iso || !absoluto) return '-';
  const relativo = formatarHaQuanto(iso);
  return (
    <time dateTime={iso}>
      {relativo}
      {relativo !== absoluto && (
        <>
          {' '}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {absoluto}
          </Typography>
        </>
      )}
    </time>
  );
}
