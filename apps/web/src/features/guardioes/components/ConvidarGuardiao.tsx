import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { LIMITES } from '@rastro/shared/constants';
import { conviteFormSchema } from '@rastro/shared/schemas/guardioes';
import { Form } from '@/components/form/Form';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { isApiError } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useConvidarGuardiao } from '../api/convidar-guardiao';
import { mensagemDeErro } from '@/lib/api-error';

/** The owner invites someone by e-mail; the server's refusals (limit, duplicate, own e-mail) show on the field. */
export function ConvidarGuardiao({ id }: { id: number }) {
  const titleId = useId();
  const convidar = useConvidarGuardiao();

  return (
    <Form
      schema={conviteFormSchema}
      defaultValues={{ email: '' }}
      aria-labelledby={titleId}
      onSubmit={async ({ email }, form) => {
        try {
          const convite = await convidar.mutateAsync({ id, email });
          mostrarSucesso(`Convite enviado para ${convite.email}.`);
          form.reset({ email: '' });
        } catch (e) {
          const m = mensagemDeErro(e, 'Erro ao enviar o convite, tente novamente.');
          if (m === null) return;
          // The server's own answer is about the e-mail typed: it goes on the field.
          if (isApiError(e) && e.hasServerMessage && e.status < 500)
            form.setError('email', { type: 'server', message: m }, { shouldFocus: true });
          else mostrarErro(m);
        }
      }}
    >
      {({ control, formState }) => (
        <Stack spacing={1.5}>
          <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
            Convidar
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextFieldControl
              control={control}
              name="email"
              label="E-mail de quem vai acompanhar"
              type="email"
              autoComplete="off"
              maxLength={LIMITES.cadastroEmail}
            />
            <Button type="submit" variant="contained" loading={formState.isSubmitting} sx={{ minHeight: 56, flexShrink: 0 }}>
              Convidar
            </Button>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
