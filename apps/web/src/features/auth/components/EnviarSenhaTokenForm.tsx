import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { enviarSenhaTokenSchema } from '@rastro/shared/schemas/auth';
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { isApiError } from '@/lib/api-error';
import { mostrarErro } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useEnviarSenhaToken } from '../api/enviar-senha-token';
import { AuthHeading } from './AuthHeading';

interface EnviarSenhaTokenFormProps {
  /** The reset link the user followed had expired or was used (status=error). */
  linkInvalido: boolean;
}

/** Asks for a senha token (the reset link by e-mail); then explains what to do with the e-mail. */
export function EnviarSenhaTokenForm({ linkInvalido }: EnviarSenhaTokenFormProps) {
  const enviarSenhaToken = useEnviarSenhaToken();
  const [enviadoPara, setEnviadoPara] = useState<string | null>(null);
  const [ultimoEmail, setUltimoEmail] = useState('');

  if (enviadoPara !== null) {
    return (
      <Stack spacing={2}>
        <AuthHeading>Verifique seu e-mail</AuthHeading>
        <Typography>
          Enviamos um link para redefinir a sua senha para <strong>{enviadoPara}</strong>. O link vale 72 horas.
        </Typography>
        <Typography color="text.secondary">
          Não encontrou o e-mail? Verifique a sua pasta de spam (lixo eletrônico). Você também pode reenviar o link ou entrar em contato com
          o suporte.
        </Typography>
        <Button
          variant="outlined"
          onClick={() => {
            setUltimoEmail(enviadoPara);
            setEnviadoPara(null);
          }}
        >
          Reenviar link
        </Button>
        <ButtonLink to={paths.auth.login.getHref()} variant="contained">
          Retornar ao login
        </ButtonLink>
      </Stack>
    );
  }

  return (
    <Form
      schema={enviarSenhaTokenSchema}
      defaultValues={{ emailAtual: ultimoEmail }}
      aria-labelledby="esqueceu-titulo"
      onSubmit={async (values, form) => {
        try {
          await enviarSenhaToken.mutateAsync(values);
          setEnviadoPara(values.emailAtual);
        } catch (e) {
          const campo = isApiError(e) ? e.body?.errors?.[0] : undefined;
          if (campo) form.setError('emailAtual', { message: campo.message }, { shouldFocus: true });
          else if (isApiError(e) && e.status === 429) mostrarErro(e.message);
          else mostrarErro(MSG.erroInterno);
        }
      }}
    >
      {({ control, formState }) => (
        <Stack spacing={2}>
          <AuthHeading id="esqueceu-titulo">Esqueceu sua senha</AuthHeading>
          {linkInvalido && <Alert severity="warning">{MSG.linkInvalido}</Alert>}
          <Typography color="text.secondary">
            Informe o seu e-mail para receber um link de redefinição de senha. O seu nome de usuário é o seu endereço de e-mail, e a senha
            diferencia letras maiúsculas de minúsculas.
          </Typography>
          <TextFieldControl
            control={control}
            name="emailAtual"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITES.loginEmail}
          />
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
            <ButtonLink to={paths.auth.login.getHref()} variant="outlined">
              Cancelar
            </ButtonLink>
            <Button type="submit" variant="contained" loading={formState.isSubmitting}>
              Continuar
            </Button>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
