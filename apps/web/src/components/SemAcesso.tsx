import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { landingPath } from '@/lib/landing';
import { usuarioEfetivo, useSessao } from '@/lib/sessao';
import { Aviso } from './Aviso';
import { ButtonLink } from './ButtonLink';
import { TEXTO_SEM_ACESSO } from './textos-sem-acesso';

/** A page the user's roles do not open: says so, with the way to the user's own home (the map or the dashboard). */
export function SemAcesso() {
  const usuario = usuarioEfetivo(useSessao());
  return (
    <Aviso
      icone={<LockOutlinedIcon color="action" sx={{ fontSize: 48 }} aria-hidden />}
      titulo={TEXTO_SEM_ACESSO.titulo}
      texto={TEXTO_SEM_ACESSO.texto}
      acao={
        <ButtonLink to={landingPath(usuario)} variant="contained">
          {usuario?.isClient ? TEXTO_SEM_ACESSO.paraOMapa : TEXTO_SEM_ACESSO.paraODashboard}
        </ButtonLink>
      }
    />
  );
}
