import AddIcon from '@mui/icons-material/Add';
import PetsIcon from '@mui/icons-material/Pets';
import { Aviso } from '@/components/Aviso';
import { ButtonLink } from '@/components/ButtonLink';
import { paths } from '@/paths';
import { TEXTO_PRIMEIRO_RASTREADOR } from '../textos';

/** A new owner's list: no search, no empty table, an invitation to link the first tracker. */
export function PrimeiroRastreador({ state }: { state?: unknown }) {
  return (
    <Aviso
      icone={<PetsIcon color="primary" sx={{ fontSize: 56 }} aria-hidden />}
      titulo={TEXTO_PRIMEIRO_RASTREADOR.titulo}
      texto={TEXTO_PRIMEIRO_RASTREADOR.texto}
      acao={
        <ButtonLink
          to={paths.user.meusRastreadores.create.getHref()}
          state={state}
          variant="contained"
          size="large"
          startIcon={<AddIcon />}
        >
          {TEXTO_PRIMEIRO_RASTREADOR.botao}
        </ButtonLink>
      }
    />
  );
}
