import Box from '@mui/material/Box';
import type L from 'leaflet';
import { useEffect, useMemo } from 'react';
import type { Geometria } from '@rastro/shared/geometria';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { useAjustarMapa } from '@/components/map/ajuste';
import { useMapa } from '@/components/map/map-context';
import { MapView } from '@/components/map/MapView';
import { TileLayerConfig } from '@/components/map/TileLayerConfig';
import { ZonasLayer } from '../mapa/ZonasLayer';
import { EdicaoLayer, type ProgressoDesenho } from './EdicaoLayer';
import { OPCOES_MAPA } from './geoman';
import { PetsLayer } from './PetsLayer';

/** Hands the map to the form (the circle's 'centre of the map', the polygon's buttons). */
function MapaRef({ onMapa }: { onMapa: (map: L.Map | null) => void }) {
  const map = useMapa();
  useEffect(() => {
    onMapa(map);
    return () => onMapa(null);
  }, [map, onMapa]);
  return null;
}

/** A new zone starts where the pets are. */
function AjustarAosPets({ pets }: { pets: readonly Marcador[] }) {
  const map = useMapa();
  const pontos = useMemo(() => pets.map((p): L.LatLngTuple => [p.position.lat, p.position.lng]), [pets]);
  useAjustarMapa(map, pontos, 0);
  return null;
}

// A finger needs larger handles than a mouse pointer: geoman's vertices are 14 px.
const TOQUE = {
  '@media (pointer: coarse)': {
    '& .marker-icon': { width: '28px !important', height: '28px !important', margin: '-14px 0 0 -14px !important' },
    '& .marker-icon-middle': { width: '20px !important', height: '20px !important', margin: '-10px 0 0 -10px !important' },
  },
} as const;

interface ZonaEditorMapaProps {
  zonaId?: number;
  geometria: Geometria | null;
  desenho: Geometria['tipo'] | null;
  pets: readonly Marcador[];
  onGeometria: (g: Geometria) => void;
  onDesenhoTerminado: () => void;
  onProgresso: (p: ProgressoDesenho) => void;
  onMapa: (map: L.Map | null) => void;
}

/** The zone editor's map: the other zones faintly, the pets, and the zone being drawn or edited. */
export function ZonaEditorMapa({
  zonaId,
  geometria,
  desenho,
  pets,
  onGeometria,
  onDesenhoTerminado,
  onProgresso,
  onMapa,
}: ZonaEditorMapaProps) {
  return (
    <Box sx={TOQUE}>
      <MapView opcoes={OPCOES_MAPA}>
        <TileLayerConfig />
        <MapaRef onMapa={onMapa} />
        <ZonasLayer exceto={zonaId} interativas={false} />
        <PetsLayer pets={pets} />
        {zonaId === undefined && <AjustarAosPets pets={pets} />}
        <EdicaoLayer
          geometria={geometria}
          desenho={desenho}
          onGeometria={onGeometria}
          onDesenhoTerminado={onDesenhoTerminado}
          onProgresso={onProgresso}
        />
      </MapView>
    </Box>
  );
}
