import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { MSG } from '@rastro/shared/messages';
import { novaSenhaFormSchema } from '@rastro/shared/schemas/auth';
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { Spinner } from '@/components/Spinner';
import { isApiError } from '@/lib/api-error';
import { mostrarErro } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useRedefinirSenha } from '../api/redefinir-senha';
import { useValidarSenhaToken } from '../api/validar-senha-token';
import { AuthHeading } from './AuthHeading';
import { NovaSenhaFields } from './NovaSenhaFields';

/**
 * The page of the e-mailed link: the token is checked first. An invalid, used or expired one lands
 * on the plain login path (spec §2: "otherwise the login form shows", "the address is rewritten to
 * the plain login path"); the server's message ('O link de redefinição de senha expirou…') shows
 * once, in the snackbar the failed check raises (spec §8).
 */
export function RedefinirSenhaForm({ token }: { token: string }) {
  const validacao = useValidarSenhaToken(token);
  const redefinirSenha = useRedefinirSenha();
  const [alterada, setAlterada] = useState(false);

  if (validacao.isPending) return <Spinner label="Verificando o link..." showLabel />;
  if (validacao.isError) return <Navigate to={paths.auth.login.getHref()} replace />;

  if (alterada) {
    return (
      <Stack spacing={2}>
        <AuthHeading>Alterar sua senha</AuthHeading>
        <Alert severity="success">{MSG.senhaAlterada}</Alert>
        <ButtonLink to={paths.auth.login.getHref()} variant="contained">
          Retornar ao login
        </ButtonLink>
      </Stack>
    );
  }

  return (
    <Form
      schema={novaSenhaFormSchema}
      defaultValues={{ senhaNova: '', confirmarNovaSenha: '' }}
      aria-labelledby="nova-senha-titulo"
      onSubmit={async (values) => {
        try {
          await redefinirSenha.mutateAsync({ ...values, token });
          setAlterada(true);
        } catch (e) {
          setAlterada(false);
          mostrarErro(isApiError(e) ? e.message : MSG.erroInterno);
        }
      }}
    >
      {({ control, formState }) => (
        <Stack spacing={2}>
          <AuthHeading id="nova-senha-titulo">Alterar sua senha</AuthHeading>
          <NovaSenhaFields control={control} />
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            Alterar senha
          </Button>
          <ButtonLink to={paths.auth.login.getHref()}>Retornar ao login</ButtonLink>
        </Stack>
      )}
    </Form>
  );
}
