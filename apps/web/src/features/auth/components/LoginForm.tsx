import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { z } from 'zod/mini';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { loginFormSchema } from '@rastro/shared/schemas/auth';
import { Form } from '@/components/form/Form';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-error';
import { mostrarErro } from '@/lib/snackbar';
import { paths } from '@/paths';
import { entrar } from '../api/login';
import { AuthHeading } from './AuthHeading';
import { CaptchaField } from './CaptchaField';
import type { CaptchaHandle } from './captcha-handle';
import { lerLoginEstatico, type LoginEstatico } from './login-estatico';

/** The login form plus the captcha payload, which blocks submission until solved. */
const schema = z.extend(loginFormSchema, {
  captcha: z.string({ error: MSG.resolvaCaptcha }).check(z.minLength(1, MSG.resolvaCaptcha)),
});

/** The captcha the HTML-drawn login solved (or is solving), in the widget's place and words. */
function CaptchaDoEstatico({ captcha, onPayload }: { captcha: Promise<string | null>; onPayload: (p: string | null) => void }) {
  const [pronto, setPronto] = useState(false);
  const emitir = useEffectEvent(onPayload);
  useEffect(() => {
    let vivo = true;
    void captcha.then((p) => {
      if (!vivo) return;
      setPronto(p !== null);
      emitir(p);
    });
    return () => {
      vivo = false;
    };
  }, [captcha]);
  return (
    <Box
      role="status"
      sx={{
        minHeight: 70,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        typography: 'body2',
      }}
    >
      {pronto ? 'Verificado' : 'Verificando...'}
    </Box>
  );
}

/** Shows, once, the errors the HTML-drawn form was showing when React replaced it. */
function ErrosDoEstatico({
  erros,
  setError,
}: {
  erros: LoginEstatico['erros'];
  setError: (campo: Campo, erro: { message: string }) => void;
}) {
  // Once, StrictMode's second run of the effect included: the snackbar must not show twice.
  const mostrado = useRef(false);
  const mostrar = useEffectEvent(() => {
    if (mostrado.current) return;
    mostrado.current = true;
    for (const campo of ['email', 'password', 'captcha'] as const) {
      const message = erros[campo];
      if (message) setError(campo, { message });
    }
    if (erros.geral) mostrarErro(erros.geral);
  });
  useEffect(() => mostrar(), []);
  return null;
}
type Campo = 'email' | 'password' | 'captcha';

export function LoginForm() {
  const captcha = useRef<CaptchaHandle>(null);
  // Before the first commit: React is about to replace the login drawn in the HTML.
  const [estatico] = useState(lerLoginEstatico);
  const [captchaEstatico, setCaptchaEstatico] = useState(estatico?.captcha ?? null);

  return (
    <Form
      schema={schema}
      defaultValues={{ email: estatico?.email ?? '', password: estatico?.password ?? '', captcha: '' }}
      aria-labelledby="login-titulo"
      onSubmit={async (values, form) => {
        try {
          await entrar(values);
        } catch (e) {
          captcha.current?.reset();
          setCaptchaEstatico(null);
          form.setValue('captcha', '');
          if (isApiError(e) && e.oauth?.error === 'invalid_grant') {
            form.setError('password', { message: MSG.emailOuSenhaInvalidos }, { shouldFocus: true });
          } else {
            mostrarErro(isApiError(e) ? e.message : MSG.erroInterno);
          }
        }
      }}
    >
      {({ control, formState, setValue, setError }) => (
        <Stack spacing={2}>
          {estatico && <ErrosDoEstatico erros={estatico.erros} setError={setError} />}
          <AuthHeading id="login-titulo">Fazer login</AuthHeading>
          <TextFieldControl
            control={control}
            name="email"
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            maxLength={LIMITES.loginEmail}
            autoFocus={estatico?.foco === 'email'}
          />
          <TextFieldControl
            control={control}
            name="password"
            label="Senha"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LIMITES.loginSenha}
            autoFocus={estatico?.foco === 'password'}
          />
          {captchaEstatico ? (
            <CaptchaDoEstatico
              captcha={captchaEstatico}
              onPayload={(p) => (p ? setValue('captcha', p, { shouldValidate: formState.isSubmitted }) : setCaptchaEstatico(null))}
            />
          ) : (
            <CaptchaField control={control} name="captcha" ref={captcha} />
          )}
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
