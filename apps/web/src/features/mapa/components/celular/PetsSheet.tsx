import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react';
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
  /** A pet picked (its card tapped): the sheet then shows only its card, with everything it offers. */
  onSelecionar: (m: Marcador) => void;
  /** The pet picked (on its card or its marker), or null for the list of all. */
  selecionado: Marcador | null;
  /** Back from one pet's card to the list. */
  onVoltar: () => void;
  onRotaDeHoje: (m: Marcador) => void;
  /** Turning a tracker off, offered on the picked pet's card (not to a co-guardian). */
  onDesligar: (m: Marcador) => void;
  desligando: boolean;
  acoesDoPet?: (m: Marcador) => ReactNode;
}

/**
 * The phone's bottom sheet over the map: a handle that opens and closes it, and one card per pet;
 * a pet picked (on the map or in the list) has its card alone, with every action of its info
 * window, so nothing on the map covers them. Closed, it keeps only the handle so the map shows whole.
 */
export function PetsSheet({
  ref,
  marcadores,
  vazio,
  aberto,
  onAlternar,
  onSelecionar,
  selecionado,
  onVoltar,
  onRotaDeHoje,
  onDesligar,
  desligando,
  acoesDoPet,
}: PetsSheetProps) {
  const listaId = useId();
  const tituloId = useId();
  const cartao = useRef<HTMLElement>(null);
  // A pet picked, from the map too: the keyboard and screen reader go to its card, where its actions are.
  const idSelecionado = selecionado?.rastreadorId ?? null;
  // Back to the list: the keyboard goes back to that pet in it, not to the page's start.
  const voltarPara = useRef<number | null>(null);
  const lista = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (idSelecionado !== null) cartao.current?.focus({ preventScroll: true });
    else if (voltarPara.current !== null) {
      lista.current?.querySelector<HTMLElement>(`[data-rastreador="${voltarPara.current}"] button`)?.focus({ preventScroll: true });
      voltarPara.current = null;
    }
  }, [idSelecionado]);

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
      <Box id={listaId} hidden={!aberto} sx={{ maxHeight: selecionado ? '60dvh' : '45dvh', overflowY: 'auto', px: 2, pb: 2 }}>
        {selecionado ? (
          <>
            <Button
              size="small"
              startIcon={<ArrowBackIcon />}
              onClick={() => {
                voltarPara.current = selecionado.rastreadorId;
                onVoltar();
              }}
              sx={{ mb: 1 }}
            >
              Ver todos os pets
            </Button>
            <PetCard
              ref={cartao}
              marcador={selecionado}
              onCentralizar={() => onSelecionar(selecionado)}
              onRotaDeHoje={() => onRotaDeHoje(selecionado)}
              acoes={acoesDoPet?.(selecionado)}
              detalhe={{
                // A co-guardian may not turn the tracker off (the API would answer 403).
                onDesligar: selecionado.compartilhadoPor === null ? () => onDesligar(selecionado) : undefined,
                desligando,
              }}
            />
          </>
        ) : vazio ? (
          <Typography variant="body2" color="text.secondary" role="status">
            {MSG.nenhumRastreadorEncontrado}
          </Typography>
        ) : (
          <Box ref={lista} component="ul" aria-labelledby={tituloId} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
            {marcadores.map((m) => (
              <li key={m.usuarioRastreadorId} data-rastreador={m.rastreadorId}>
                <PetCard marcador={m} onCentralizar={() => onSelecionar(m)} onRotaDeHoje={() => onRotaDeHoje(m)} acoes={acoesDoPet?.(m)} />
              </li>
            ))}
          </Box>
        )}
      </Box>
    </Paper>
  );
}
