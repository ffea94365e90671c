import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { MAPA_ZOOM_EXTERNO } from '@rastro/shared/constants';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { AvatarPet } from '@/components/pet/AvatarPet';
import { formatarCoordenada, formatarDataHora, formatarHora } from '@/lib/format';

/** 'Fora da zona CASA', or 'Fora das zonas CASA, PARQUE'. */
export const textoForaDeZonas = (zonas: readonly string[]) =>
  zonas.length === 1 ? `Fora da zona ${zonas[0] ?? ''}` : `Fora das zonas ${zonas.join(', ')}`;

/** The external map at the marker (spec §2: zoom 20.96). */
export const linkMapaExterno = (lat: number, lng: number) => `https://www.google.com/maps/@${lat},${lng},${MAPA_ZOOM_EXTERNO}z`;

interface MarcadorPopupProps {
  marcador: Marcador;
  /** Offered when the tracker can be turned off (ATUAL markers). */
  onDesligar?: () => void;
  desligando?: boolean;
  /** More actions (lost-pet mode, share link), beside 'Desligar'. */
  acoes?: ReactNode;
}

function Linha({ rotulo, valor }: { rotulo: string; valor: string }) {
  return (
    <Typography variant="body2">
      <strong>{rotulo}:</strong> {valor}
    </Typography>
  );
}

/**
 * Where and when the position was taken, the battery and power state, and the external map (spec
 * §5's info window). `semBateria` where the battery already shows (the phone's pet card).
 */
export function DadosDaLocalizacao({ marcador, semBateria = false }: { marcador: Marcador; semBateria?: boolean }) {
  const { lat, lng } = marcador.position;
  const aproximada = marcador.tipo !== 'GPS' && marcador.precisao !== null;
  return (
    <>
      <Linha rotulo="Latitude" valor={formatarCoordenada(lat)} />
      <Linha rotulo="Longitude" valor={formatarCoordenada(lng)} />
      {!semBateria && <Linha rotulo="Bateria" valor={marcador.bateria === null ? '-' : `${marcador.bateria}%`} />}
      <Linha rotulo="Situação Energia" valor={marcador.situacaoEnergiaDescricao} />
      <Linha rotulo="Data" valor={formatarDataHora(marcador.dataHora)} />
      {aproximada && <Linha rotulo="Precisão" valor={`${marcador.tipo}, cerca de ${Math.round(marcador.precisao ?? 0)} m`} />}
      {marcador.tipo === 'GPS' && marcador.velocidade !== null && <Linha rotulo="Velocidade" valor={`${marcador.velocidade} Km/h`} />}
      <Link href={linkMapaExterno(lat, lng)} target="_blank" rel="noopener noreferrer" variant="body2">
        Abrir no mapa externo
      </Link>
    </>
  );
}

/** The info window of a marker: the pet, the safe zones it is outside of, coordinates, battery, power, time, links and actions. */
export function MarcadorPopup({ marcador, onDesligar, desligando = false, acoes }: MarcadorPopupProps) {
  return (
    <Stack spacing={0.5} sx={{ minWidth: 200 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <AvatarPet nome={marcador.name} rastreadorId={marcador.rastreadorId} foto={marcador.foto} tamanho={32} />
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 'bold', overflowWrap: 'anywhere' }}>
          {marcador.name}
        </Typography>
      </Box>
      {marcador.modoPerdido && (
        <Typography variant="body2" color="error" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 'bold' }}>
          <WarningAmberIcon fontSize="small" aria-hidden />
          {`Em modo perdido até ${formatarHora(marcador.modoPerdido.ate)}`}
        </Typography>
      )}
      {marcador.foraDeZonas.length > 0 && (
        <Typography variant="body2" color="error" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 'bold' }}>
          <WarningAmberIcon fontSize="small" aria-hidden />
          {textoForaDeZonas(marcador.foraDeZonas)}
        </Typography>
      )}
      <DadosDaLocalizacao marcador={marcador} />
      {acoes && (
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {acoes}
        </Stack>
      )}
      {onDesligar && marcador.desligar && (
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<PowerSettingsNewIcon />}
          loading={desligando}
          onClick={onDesligar}
          sx={{ alignSelf: 'flex-start', mt: 1 }}
        >
          Desligar
        </Button>
      )}
    </Stack>
  );
}
