import BatteryStdIcon from '@mui/icons-material/BatteryStd';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import RouteIcon from '@mui/icons-material/Route';
import ScheduleIcon from '@mui/icons-material/Schedule';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';
import { MSG, localizacaoSolicitada } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { AvatarPet } from '@/components/pet/AvatarPet';
import { isApiError } from '@/lib/api-error';
import { formatarDataHora, formatarHaQuanto, formatarHora } from '@/lib/format';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useSincronizar } from '../../api/sincronizar';
import { DadosDaLocalizacao, textoForaDeZonas } from '../mapa/MarcadorPopup';

/** 'Na zona CASA', 'Nas zonas CASA, PARQUE'. */
const textoDentroDeZonas = (zonas: readonly string[]) =>
  zonas.length === 1 ? `Na zona ${zonas[0] ?? ''}` : `Nas zonas ${zonas.join(', ')}`;

function Info({ icone, children, cor }: { icone: ReactNode; children: ReactNode; cor?: 'error.main' | 'success.main' }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: cor ?? 'text.secondary', fontWeight: cor ? 600 : 400 }}
    >
      {icone}
      {children}
    </Box>
  );
}

interface PetCardProps {
  marcador: Marcador;
  onCentralizar: () => void;
  onRotaDeHoje: () => void;
  /** More actions of the pet (lost-pet mode, share link). */
  acoes?: ReactNode;
  /**
   * The pet picked on the map: its card then holds all its info window held — where and when, power,
   * the external map — and 'Desligar' (given when the user may turn it off).
   */
  detalhe?: { onDesligar?: () => void; desligando: boolean };
  ref?: Ref<HTMLElement>;
}

/**
 * One pet in the phone's sheet: its name, battery, how long ago it reported and whether it is
 * inside its safe zones. Tapping it centres the map on the pet; 'Localizar agora' asks the
 * collar for a position now; 'Rota de hoje' shows today's route.
 */
export function PetCard({ marcador: m, onCentralizar, onRotaDeHoje, acoes, detalhe, ref }: PetCardProps) {
  const sincronizar = useSincronizar();
  const localizar = async () => {
    try {
      await sincronizar.mutateAsync({ usuarioRastreadorId: m.usuarioRastreadorId });
      mostrarSucesso(localizacaoSolicitada(m.name));
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro(MSG.erroSincronizar);
    }
  };

  return (
    <Card ref={ref} variant="outlined" component="article" aria-label={m.name} tabIndex={detalhe ? -1 : undefined}>
      <CardActionArea onClick={onCentralizar} sx={{ px: 2, pt: 1.5, pb: 1, display: 'flex', alignItems: 'flex-start', gap: 1.5 }}>
        <AvatarPet nome={m.name} rastreadorId={m.rastreadorId} foto={m.foto} />
        <Box component="span" sx={{ display: 'block', flex: 1, minWidth: 0 }}>
          <Typography component="span" variant="subtitle1" sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere' }}>
            {m.name}
          </Typography>
          <Typography component="span" variant="body2" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, mt: 0.5 }}>
            <Info icone={<BatteryStdIcon fontSize="small" aria-hidden />}>Bateria {m.bateria === null ? '-' : `${m.bateria}%`}</Info>
            <Info icone={<ScheduleIcon fontSize="small" aria-hidden />}>
              <time dateTime={m.dataHora} title={formatarDataHora(m.dataHora)}>
                {formatarHaQuanto(m.dataHora)}
              </time>
            </Info>
            {m.modoPerdido && (
              <Info cor="error.main" icone={<WarningAmberIcon fontSize="small" aria-hidden />}>
                {`Modo perdido até ${formatarHora(m.modoPerdido.ate)}`}
              </Info>
            )}
            {m.foraDeZonas.length > 0 ? (
              <Info cor="error.main" icone={<WarningAmberIcon fontSize="small" aria-hidden />}>
                {textoForaDeZonas(m.foraDeZonas)}
              </Info>
            ) : (
              m.dentroDeZonas.length > 0 && (
                <Info cor="success.main" icone={<CheckCircleOutlineIcon fontSize="small" aria-hidden />}>
                  {textoDentroDeZonas(m.dentroDeZonas)}
                </Info>
              )
            )}
          </Typography>
        </Box>
      </CardActionArea>
      <CardActions
        sx={{
          px: 2,
          pt: 0,
          pb: 1.5,
          gap: 1,
          flexWrap: 'wrap',
          '& > :not(style) ~ :not(style)': { ml: 0 },
          // The extra actions' own row of buttons flows with these: fewer rows on a narrow card.
          '& > .MuiStack-root': { display: 'contents' },
        }}
      >
        <Button
          size="small"
          variant="contained"
          startIcon={<MyLocationIcon />}
          loading={sincronizar.isPending}
          onClick={() => void localizar()}
          aria-label={`Localizar agora ${m.name}`}
        >
          Localizar agora
        </Button>
        <Button size="small" variant="outlined" startIcon={<RouteIcon />} onClick={onRotaDeHoje} aria-label={`Rota de hoje de ${m.name}`}>
          Rota de hoje
        </Button>
        {acoes}
        {detalhe?.onDesligar && m.desligar && (
          <Button
            size="small"
            color="error"
            variant="outlined"
            startIcon={<PowerSettingsNewIcon />}
            loading={detalhe.desligando}
            onClick={detalhe.onDesligar}
          >
            Desligar
          </Button>
        )}
      </CardActions>
      {detalhe && (
        <Box sx={{ px: 2, pb: 1.5, display: 'grid', rowGap: 0.25, justifyItems: 'start' }}>
          <DadosDaLocalizacao marcador={m} semBateria />
        </Box>
      )}
    </Card>
  );
}
