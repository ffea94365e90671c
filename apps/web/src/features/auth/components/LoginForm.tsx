import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef } from 'react';
import { z } from 'zod/mini';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { loginFormSchema } from '@rastro/shared/schemas/auth';
import { Form } from '@/components/form/Form';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-error';
import { notifyError } from '@/lib/notify';
import { paths } from '@/paths';
import { entrar } from '../api/login';
import { AuthHeading } from './AuthHeading';
import { CaptchaField } from './CaptchaField';
import type { CaptchaHandle } from './captcha-handle';

/** The login form plus the captcha payload, which blocks submission until solved. */
const schema = z.extend(loginFormSchema, {
  captcha: z.string({ error: MSG.resolvaCaptcha }).check(z.minLength(1, MSG.resolvaCaptcha)),
});

export function LoginForm() {
  const captcha = useRef<CaptchaHandle>(null);

  return (
    <Form
      schema={schema}
      defaultValues={{ email: '', password: '', captcha: '' }}
      aria-labelledby="login-titulo"
      onSubmit={async (values, form) => {
        try {
          await entrar(values);
        } catch (e) {
          captcha.current?.reset();
          form.setValue('captcha', '');
          if (isApiError(e) && e.oauth?.error === 'invalid_grant') {
            form.setError('password', { message: MSG.emailOuSenhaInvalidos }, { shouldFocus: true });
          } else {
            notifyError(isApiError(e) ? e.message : MSG.erroInterno);
          }
        }
      }}
    >
      {({ control, formState }) => (
        <Stack spacing={2}>
          <AuthHeading id="login-titulo">Fazer login</AuthHeading>
          <TextFieldControl
            control={control}
            name="email"
            label="Email"
            type="email"
            autoComplete="username"
            required
            maxLength={LIMITES.loginEmail}
          />
          <TextFieldControl
            control={control}
            name="password"
            label="Senha"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LIMITES.loginSenha}
          />
          <CaptchaField control={control} name="captcha" ref={captcha} />
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            Fazer Login
          </Button>
          <Stack spacing={1} sx={{ alignItems: 'center' }}>
            <RouterLink to={paths.auth.passwordReset.getHref()}>Esqueceu sua senha?</RouterLink>
            <RouterLink to={paths.auth.signUp.getHref()}>Não possui uma conta? Cadastre-se</RouterLink>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
