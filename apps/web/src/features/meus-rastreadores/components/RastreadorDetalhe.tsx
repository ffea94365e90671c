import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MSG, intervaloTexto } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { useCelular } from '@/lib/use-celular';
import { paths } from '@/paths';
import { useMeuRastreador } from '../api/get-meu-rastreador';
import { DetalheTables, type AbaExtra } from './DetalheTables';
import { FotoDoPet } from './FotoDoPet';
import { SeloDeGuardiao } from './SeloDeGuardiao';
import { formatarBateria, simNao } from './formatar';

const CAMPOS: { rotulo: string; valor: (r: MeuRastreador) => string }[] = [
  { rotulo: 'IMEI', valor: (r) => r.imei },
  { rotulo: 'Descrição', valor: (r) => r.descricao },
  { rotulo: 'Bateria', valor: (r) => formatarBateria(r.bateria) },
  { rotulo: 'Situação', valor: (r) => r.situacaoDescricao },
  { rotulo: 'Situação Energia', valor: (r) => r.situacaoEnergiaDescricao },
  { rotulo: 'Intervalo Localização', valor: (r) => intervaloTexto(r.intervaloLocalizacao) },
  { rotulo: 'Economia de Bateria', valor: (r) => simNao(r.economiaBateria) },
  { rotulo: 'Ultra Economia de Bateria', valor: (r) => simNao(r.ultraEconomiaBateria) },
];

function Campos({ rastreador }: { rastreador: MeuRastreador | undefined }) {
  return (
    <Grid container component="dl" spacing={2} sx={{ m: 0 }}>
      {CAMPOS.map((c) => (
        // Two columns on a phone: the card stays short and the history comes sooner.
        <Grid key={c.rotulo} size={{ xs: 6, md: 3 }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {c.rotulo}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
            {rastreador ? c.valor(rastreador) : <Skeleton width="60%" />}
          </Typography>
        </Grid>
      ))}
    </Grid>
  );
}

/** 'Voltar' goes back where the user came from; opened directly, to the tracker list. */
function useVoltar() {
  const navigate = useNavigate();
  const location = useLocation();
  // The first entry of the history (key 'default') has nothing inside the app to go back to.
  return () => void (location.key === 'default' ? navigate(paths.user.meusRastreadores.list.getHref()) : navigate(-1));
}

interface RastreadorDetalheProps {
  id: number | null;
  /** A badge beside the heading (the lost-mode chip), composed by the route from another feature. */
  selo?: (r: MeuRastreador) => ReactNode;
  /** Buttons under the fields (lost mode, sharing), composed by the route. */
  acoes?: (r: MeuRastreador) => ReactNode;
  /** The co-guardians section under the fields' card (on a phone, under the history), composed by the route. */
  guardioes?: (r: MeuRastreador) => ReactNode;
  /** Tabs after the history tables (the pet's activity), composed by the route; shown once the tracker loaded. */
  abas?: (r: MeuRastreador) => readonly AbaExtra[];
}

/**
 * /user/rastreadores/detalhe/:id (`id` is the owner's link; null when the address has no valid
 * id): the pet's photo (the owner changes it here), the tracker's fields and its GPS, WI-FI, LBS,
 * battery and safe-zone history tables.
 */
export function RastreadorDetalhe({ id, selo, acoes, guardioes, abas }: RastreadorDetalheProps) {
  const rastreador = useMeuRastreador(id);
  const voltar = useVoltar();
  const titleId = useId();
  const erro = id === null || rastreador.isError;
  // On a phone the history (where the pet has been) comes right after the tracker, the family after it.
  const celular = useCelular();
  const secaoGuardioes = !erro && rastreador.data && guardioes?.(rastreador.data);

  return (
    <Stack spacing={2}>
      <Card variant="outlined" component="section" aria-labelledby={titleId}>
        <CardContent>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1, mb: 2 }}>
            <Typography id={titleId} variant="h6" component="h2">
              Rastreador
            </Typography>
            {!erro && rastreador.data && selo?.(rastreador.data)}
            {!erro && rastreador.data && <SeloDeGuardiao rastreador={rastreador.data} />}
          </Box>
          {!erro && rastreador.data && <FotoDoPet rastreador={rastreador.data} />}
          {erro ? <Alert severity="error">{MSG.erroCarregarRegistro}</Alert> : <Campos rastreador={rastreador.data} />}
          {!erro && rastreador.data && acoes && <Box sx={{ mt: 2 }}>{acoes(rastreador.data)}</Box>}
        </CardContent>
      </Card>
      {!celular && secaoGuardioes}
      <DetalheTables
        origem={{ id, rastreadorId: rastreador.data?.rastreadorId, erro }}
        extras={!erro && rastreador.data && abas ? abas(rastreador.data) : undefined}
      />
      {celular && secaoGuardioes}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={voltar}>
          Voltar
        </Button>
      </Box>
    </Stack>
  );
}
