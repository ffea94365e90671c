import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { alterarSenhaSchema } from '@rastro/shared/schemas/auth';
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { isApiError } from '@/lib/api-error';
import { landingPath } from '@/lib/landing';
import { mostrarErro } from '@/lib/snackbar';
import { encerrarSessao, usuarioEfetivo, isLoggedIn, useSessao } from '@/lib/sessao';
import { paths } from '@/paths';
import { useAlterarSenha } from '../api/alterar-senha';
import { AuthHeading } from './AuthHeading';
import { NovaSenhaFields } from './NovaSenhaFields';

/** The logged user's own password. On success the server revokes every token, so we log out. */
export function AlterarSenhaForm() {
  const sessao = useSessao();
  const alterarSenha = useAlterarSenha();
  const [alterada, setAlterada] = useState(false);

  if (alterada) {
    return (
      <Stack spacing={2}>
        <AuthHeading>Alterar senha</AuthHeading>
        <Alert severity="success">{MSG.senhaAlterada}</Alert>
        <ButtonLink to={paths.auth.login.getHref()} variant="contained">
          Retornar ao login
        </ButtonLink>
      </Stack>
    );
  }

  if (!isLoggedIn(sessao)) {
    return <Navigate to={paths.auth.login.getHref(paths.auth.alterarSenha.getHref())} replace />;
  }

  return (
    <Form
      schema={alterarSenhaSchema}
      defaultValues={{ senhaAtual: '', senhaNova: '', confirmarNovaSenha: '' }}
      aria-labelledby="alterar-senha-titulo"
      onSubmit={async (values, form) => {
        try {
          await alterarSenha.mutateAsync(values);
          setAlterada(true);
          encerrarSessao();
        } catch (e) {
          if (!isApiError(e)) {
            mostrarErro(MSG.erroInterno);
          } else if (e.handled) {
            // The expired-session notice was already shown.
          } else if (e.status === 400) {
            form.setError('senhaAtual', { message: e.fieldMessage('senhaAtual') ?? e.message }, { shouldFocus: true });
          } else if (e.status === 423 || e.status === 403 || e.status === 429) {
            mostrarErro(e.message);
          } else {
            mostrarErro(MSG.erroInterno);
          }
        }
      }}
    >
      {({ control, formState }) => (
        <Stack spacing={2}>
          <AuthHeading id="alterar-senha-titulo">Alterar senha</AuthHeading>
          <TextFieldControl
            control={control}
            name="senhaAtual"
            label="Senha atual"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LIMITES.loginSenha}
          />
          <NovaSenhaFields control={control} />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <ButtonLink to={landingPath(usuarioEfetivo(sessao))} variant="outlined">
              Cancelar
            </ButtonLink>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              Salvar
            </Button>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
