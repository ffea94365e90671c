import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LIMITES } from '@rastro/shared/constants';
import { MSG, minCaracteres } from '@rastro/shared/messages';
import { cadastroSchema } from '@rastro/shared/schemas/auth';
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { RouterLink } from '@/components/RouterLink';
import { isApiError } from '@/lib/api-error';
import { mostrarErro } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useCadastrar } from '../api/cadastrar';
import { AuthHeading } from './AuthHeading';

interface CadastroFormProps {
  /** The token of a co-guardian invite (/convite/:token): the new account is linked to that pet. */
  convite?: string | null;
}

export function CadastroForm({ convite = null }: CadastroFormProps = {}) {
  const cadastrar = useCadastrar();
  const [cadastrado, setCadastrado] = useState(false);

  if (cadastrado) {
    return (
      <Stack spacing={2} sx={{ textAlign: 'center' }}>
        <AuthHeading>Parabéns, seja bem-vindo(a)</AuthHeading>
        <Typography>Enviamos a você um e-mail com seus dados de acesso.</Typography>
        {convite && <Typography>Convite aceito: ao entrar, o pet já aparece no seu mapa.</Typography>}
        <ButtonLink to={paths.auth.login.getHref()} variant="contained" size="large">
          Entrar
        </ButtonLink>
        <Typography variant="body2" color="text.secondary">
          Não recebeu o e-mail? Verifique a sua pasta de spam (lixo eletrônico).
        </Typography>
      </Stack>
    );
  }

  return (
    <Form
      schema={cadastroSchema}
      defaultValues={{ nome: '', email: '', telefoneCelular: '', senha: '' }}
      aria-labelledby="cadastro-titulo"
      onSubmit={async (values) => {
        try {
          await cadastrar.mutateAsync(convite ? { ...values, convite } : values);
          setCadastrado(true);
        } catch (e) {
          mostrarErro(isApiError(e) && e.hasServerMessage ? e.message : MSG.erroInterno);
        }
      }}
    >
      {({ control, formState }) => (
        <Stack spacing={2}>
          <AuthHeading id="cadastro-titulo">Cadastre-se</AuthHeading>
          {convite && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              Crie sua conta para aceitar o convite e acompanhar o pet.
            </Typography>
          )}
          <TextFieldControl control={control} name="nome" label="Nome" autoComplete="name" required maxLength={LIMITES.cadastroNome} />
          <TextFieldControl
            control={control}
            name="email"
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            maxLength={LIMITES.cadastroEmail}
          />
          <MaskedFieldControl
            control={control}
            name="telefoneCelular"
            label="Celular"
            mask={MASCARA.celular}
            inputMode="tel"
            autoComplete="tel-national"
            placeholder="(00) 0 0000-0000"
            required
          />
          <TextFieldControl
            control={control}
            name="senha"
            label="Senha"
            type="password"
            autoComplete="new-password"
            required
            maxLength={LIMITES.senhaMax}
            helperText={minCaracteres(LIMITES.senhaMin)}
          />
          <Typography variant="body2" color="text.secondary">
            Enviaremos para o seu e-mail os dados de primeiro acesso. Ao se cadastrar, você concorda com a nossa{' '}
            <RouterLink to={paths.privacidade.getHref()}>Política de Privacidade</RouterLink>.
          </Typography>
          <Button type="submit" variant="contained" size="large" loading={formState.isSubmitting}>
            Cadastrar
          </Button>
          <Stack sx={{ alignItems: 'center' }}>
            <RouterLink to={paths.auth.login.getHref(convite ? paths.convite.getHref(convite) : null)}>
              Já possui uma conta? Faça login
            </RouterLink>
          </Stack>
        </Stack>
      )}
    </Form>
  );
}
