import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode, type Ref } from 'react';
import { MSG } from '@rastro/shared/messages';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { PetCard } from './PetCard';

interface PetsSheetProps {
  ref?: Ref<HTMLElement>;
  marcadores: readonly Marcador[];
  /** The answer arrived and holds no tracker. */
  vazio: boolean;
  aberto: boolean;
  onAlternar: () => void;
  onCentralizar: (m: Marcador) => void;
  onRotaDeHoje: (m: Marcador) => void;
  acoesDoPet?: (m: Marcador) => ReactNode;
}

/**
 * The phone's bottom sheet over the map: a handle that opens and closes it, and one card per pet.
 * Closed, it keeps only the handle so the map shows whole.
 */
export function PetsSheet({ ref, marcadores, vazio, aberto, onAlternar, onCentralizar, onRotaDeHoje, acoesDoPet }: PetsSheetProps) {
  const listaId = useId();
  const tituloId = useId();
  return (
    <Paper
      ref={ref}
      component="section"
      aria-labelledby={tituloId}
      elevation={8}
      sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, zIndex: 1001, borderRadius: '16px 16px 0 0', overflow: 'hidden' }}
    >
      {/* The whole header is a touch target; keyboards and screen readers use its button. */}
      <Box onClick={onAlternar} sx={{ px: 2, pt: 1, pb: 0.5, cursor: 'pointer' }}>
        <Box aria-hidden sx={{ width: 36, height: 4, borderRadius: 2, bgcolor: 'grey.400', mx: 'auto' }} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography id={tituloId} component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
            Meus pets{marcadores.length > 0 ? ` (${marcadores.length})` : ''}
          </Typography>
          <IconButton
            aria-expanded={aberto}
            aria-controls={listaId}
            aria-label={aberto ? 'Esconder os pets' : 'Mostrar os pets'}
            onClick={(e) => {
              e.stopPropagation();
              onAlternar();
            }}
          >
            {aberto ? <ExpandMoreIcon /> : <ExpandLessIcon />}
          </IconButton>
        </Box>
      </Box>
      <Box id={listaId} hidden={!aberto} sx={{ maxHeight: '45dvh', overflowY: 'auto', px: 2, pb: 2 }}>
        {vazio ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {MSG.nenhumRastreadorEncontrado}
          </Typography>
        ) : (
          <Box component="ul" aria-labelledby={tituloId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {marcadores.map((m) => (
              <li key={m.usuarioRastreadorId}>
                <PetCard marcador={m} onCentralizar={() => onCentralizar(m)} onRotaDeHoje={() => onRotaDeHoje(m)} acoes={acoesDoPet?.(m)} />
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
