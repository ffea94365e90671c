import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@rastro/shared/messages';
import { ButtonLink } from '@/components/ButtonLink';
import { isApiError } from '@/lib/api-error';
import { mostrarSucesso } from '@/lib/snackbar';
import { isLoggedIn, useSessao } from '@/lib/sessao';
import { paths } from '@/paths';
import { useAceitarConvite } from '../api/aceitar-convite';

function Titulo({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h1" sx={{ fontWeight: 600, textAlign: 'center' }}>
      {children}
    </Typography>
  );
}

/** Logged in: one button accepts the invite, then the map (where the pet now is). */
function Aceitar({ token }: { token: string }) {
  const aceitar = useAceitarConvite();
  const navigate = useNavigate();
  const [erro, setErro] = useState<string | null>(null);

  const onAceitar = async () => {
    setErro(null);
    try {
      await aceitar.mutateAsync(token);
      mostrarSucesso(MSG.conviteAceito);
      await navigate(paths.user.mapa.getHref(), { replace: true });
    } catch (e) {
      if (isApiError(e) && e.handled) return;
      // 404, 410 and 400 come with the server's own words (unknown, used or expired, own tracker).
      setErro(isApiError(e) && e.hasServerMessage ? e.message : MSG.erroInterno);
    }
  };

  return (
    <Stack spacing={2}>
      <Titulo>Aceitar convite</Titulo>
      <Typography sx={{ textAlign: 'center' }}>
        Você foi convidado(a) para acompanhar um pet: ele vai aparecer no seu mapa, com o histórico e as notificações.
      </Typography>
      {erro && (
        <Alert severity="error" role="alert">
          {erro}
        </Alert>
      )}
      <Button variant="contained" size="large" loading={aceitar.isPending} onClick={() => void onAceitar()}>
        Aceitar convite
      </Button>
      <ButtonLink to={paths.user.mapa.getHref()} variant="text">
        Agora não
      </ButtonLink>
    </Stack>
  );
}

/** Not logged in: log in or sign up, and come back to this invite. */
function EntrarOuCadastrar({ token }: { token: string }) {
  return (
    <Stack spacing={2}>
      <Titulo>Convite para acompanhar um pet</Titulo>
      <Typography sx={{ textAlign: 'center' }}>
        Entre na sua conta para aceitar o convite ou crie uma conta: o pet passa a aparecer no seu mapa.
      </Typography>
      <ButtonLink to={paths.auth.login.getHref(paths.convite.getHref(token))} variant="contained" size="large">
        Entrar
      </ButtonLink>
      <ButtonLink to={paths.auth.signUp.getHref(token)} variant="outlined" size="large">
        Criar conta
      </ButtonLink>
    </Stack>
  );
}

/** /convite/:token, the link a co-guardian invite e-mails: reachable logged in or not. */
export function AceitarConvite({ token }: { token: string }) {
  const logado = isLoggedIn(useSessao());
  return logado ? <Aceitar token={token} /> : <EntrarOuCadastrar token={token} />;
}
