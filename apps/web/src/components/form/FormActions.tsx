import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ButtonLink } from '@/components/ButtonLink';

/** 'Voltar' (back to where the form came from) and the submit button, at the form's end. */
export function FormActions({
  voltar,
  saving,
  voltarLabel = 'Voltar',
  salvarLabel = 'Salvar',
}: {
  voltar: string;
  saving: boolean;
  voltarLabel?: string;
  salvarLabel?: string;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
      <ButtonLink to={voltar} variant="outlined">
        {voltarLabel}
      </ButtonLink>
      <Button type="submit" variant="contained" loading={saving}>
        {salvarLabel}
      </Button>
    </Stack>
  );
}
