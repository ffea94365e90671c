import FileDownloadIcon from '@mui/icons-material/FileDownload';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { FORMATOS_EXPORTACAO, type FormatoExportacao } from '@rastro/shared/dominio';
import { MSG, erroExportar } from '@rastro/shared/messages';
import { isApiError } from '@/lib/api-error';
import { mostrarErro, mostrarSucesso } from '@/lib/snackbar';
import { useExportarHistorico } from '../api/exportar-historico';

interface ExportarMenuProps {
  /** The tracker of the route on screen; null while there is none (nothing to export). */
  rastreadorId: number | null;
  dataInicial: string;
  dataFinal: string;
}

/** 'Exportar' → GPX, KML or CSV of the history on screen. */
export function ExportarMenu({ rastreadorId, dataInicial, dataFinal }: ExportarMenuProps) {
  const [ancora, setAncora] = useState<HTMLElement | null>(null);
  const exportar = useExportarHistorico();
  const menuId = useId();

  const baixar = async (formato: FormatoExportacao) => {
    setAncora(null);
    if (rastreadorId === null) return;
    try {
      await exportar.mutateAsync({ rastreadorId, dataInicial, dataFinal, formato });
      mostrarSucesso(MSG.arquivoExportado);
    } catch (e) {
      if (!(isApiError(e) && e.handled)) mostrarErro(erroExportar(formato.toUpperCase()));
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileDownloadIcon />}
        disabled={rastreadorId === null}
        loading={exportar.isPending}
        aria-haspopup="menu"
        aria-controls={ancora ? menuId : undefined}
        aria-expanded={ancora ? 'true' : undefined}
        onClick={(e) => setAncora(e.currentTarget)}
      >
        Exportar
      </Button>
      <Menu id={menuId} anchorEl={ancora} open={ancora !== null} onClose={() => setAncora(null)}>
        {FORMATOS_EXPORTACAO.map((f) => (
          <MenuItem key={f} onClick={() => void baixar(f)}>
            {f.toUpperCase()}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
