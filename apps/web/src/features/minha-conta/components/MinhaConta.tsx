import Grid from '@mui/material/Grid';
import { LoadError } from '@/components/LoadError';
import { Spinner } from '@/components/Spinner';
import { landingPath } from '@/lib/landing';
import { usuarioEfetivo, useSessao, type UsuarioEfetivo } from '@/lib/sessao';
import { useMinhaConta } from '../api/get-minha-conta';
import { ContaCard } from './ContaCard';
import { MinhaContaForm } from './MinhaContaForm';

function Carregado({ usuario }: { usuario: UsuarioEfetivo }) {
  const conta = useMinhaConta(usuario.usuarioId);
  if (conta.isPending) return <Spinner />;
  if (conta.isError) return <LoadError voltar={landingPath(usuario)} />;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, lg: 8 }}>
        {/* Keyed by id: leaving an emulation never leaves the other user's data in the fields. */}
        <MinhaContaForm key={conta.data.id} usuario={conta.data} />
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }} sx={{ order: { xs: -1, lg: 0 } }}>
        <ContaCard nome={conta.data.nome} email={conta.data.email} />
      </Grid>
    </Grid>
  );
}

/** /user/minha-conta: the data of whoever the app acts as (the emulated user while emulating). */
export function MinhaConta() {
  const usuario = usuarioEfetivo(useSessao());
  // The private layout renders only with a session.
  if (!usuario) return null;
  return <Carregado key={usuario.usuarioId} usuario={usuario} />;
}
