import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode, Ref } from 'react';
import { bannerModoPerdido } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { formatarHora } from '@/lib/format';

interface AvisosDoMapaProps {
  ref?: Ref<HTMLDivElement>;
  /** The pets in lost-pet mode. */
  perdidos: readonly Marcador[];
  /** What to say when the search found nothing, or null. */
  vazio: string | null;
  /** The kept markers' age (on a phone it sits with the banners). */
  idade: ReactNode;
  /** Banners of other features (a suspended subscription), after the lost pets. */
  extra?: ReactNode;
  sx: SxProps<Theme>;
}

/** The banners over the map: lost pets first (what the owner is looking for), then an empty answer, then the markers' age. */
export function AvisosDoMapa({ ref, perdidos, vazio, idade, extra, sx }: AvisosDoMapaProps) {
  if (perdidos.length === 0 && vazio === null && !idade && !extra) return null;
  return (
    <Stack ref={ref} spacing={1} sx={sx}>
      {perdidos.map((m) => (
        <Alert key={m.usuarioRastreadorId} severity="error" variant="filled" icon={<WarningAmberIcon />}>
          {bannerModoPerdido(m.name, formatarHora(m.modoPerdido?.desde))}
        </Alert>
      ))}
      {extra}
      {vazio !== null && (
        <Alert severity="info" role="status">
          {vazio}
        </Alert>
      )}
      {idade}
    </Stack>
  );
}
