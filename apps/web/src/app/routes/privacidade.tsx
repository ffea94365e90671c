import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ButtonLink } from '@/components/ButtonLink';
import { paths } from '@/paths';

export function Component() {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 600, textAlign: 'center' }}>
        Política de Privacidade
      </Typography>
      <Typography>
        O Rastro coleta apenas os dados necessários para localizar os seus pets: nome, e-mail e telefone da sua conta, e as posições, o
        nível de bateria e os eventos enviados pelos seus rastreadores.
      </Typography>
      <Typography>
        Esses dados são usados somente para prestar o serviço: mostrar as localizações, enviar notificações e mensagens sobre a sua conta.
        Não vendemos nem compartilhamos os seus dados com terceiros, exceto quando a lei exigir.
      </Typography>
      <Typography>
        As senhas são guardadas de forma cifrada, e o acesso à sua conta é protegido por token. Você pode pedir a correção ou a exclusão dos
        seus dados a qualquer momento pelo suporte, conforme a Lei Geral de Proteção de Dados (LGPD, Lei nº 13.709/2018).
      </Typography>
      <Typography variant="body2" color="text.secondary">
        O login usa um CAPTCHA por prova de trabalho, sem cookies de rastreamento.
      </Typography>
      <ButtonLink to={paths.auth.signUp.getHref()} variant="outlined">
        Voltar ao cadastro
      </ButtonLink>
    </Stack>
  );
}
