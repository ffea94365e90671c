import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { valoresDoFiltro, type MapaFiltro } from '../../filtro';
import { MapaFiltros } from '../MapaFiltros';

interface FiltrosSheetProps {
  aberto: boolean;
  onFechar: () => void;
  /** What the map shows now: the form opens on it. */
  filtro: MapaFiltro;
  onBuscar: (filtro: MapaFiltro) => void;
  extra?: ReactNode;
}

/** The map's search on a phone: a sheet from the bottom, closed by 'Buscar', the close button, Esc or a tap outside. */
export function FiltrosSheet({ aberto, onFechar, filtro, onBuscar, extra }: FiltrosSheetProps) {
  return (
    <Drawer
      anchor="bottom"
      open={aberto}
      onClose={onFechar}
      slotProps={{ paper: { sx: { borderRadius: '16px 16px 0 0', maxHeight: '90dvh', pb: 'env(safe-area-inset-bottom)' } } }}
    >
      <Box sx={{ position: 'relative' }}>
        <IconButton aria-label="Fechar" onClick={onFechar} sx={{ position: 'absolute', top: 8, right: 8, zIndex: 1 }}>
          <CloseIcon />
        </IconButton>
        {/* Mounted on each opening (the drawer unmounts its content when closed): the form starts from the map. */}
        <MapaFiltros
          semBorda
          valoresIniciais={valoresDoFiltro(filtro)}
          extra={extra}
          onBuscar={(f) => {
            onFechar();
            onBuscar(f);
          }}
        />
      </Box>
    </Drawer>
  );
}
