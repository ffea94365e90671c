import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { toString as qrParaSvg } from 'qrcode';
import { useEffect, useState } from 'react';

const LADO = 240;

/** The "Pix copia e cola" code as a QR code a bank app scans (an SVG, sharp at any size). */
export function QrCodePix({ codigo, descricao }: { codigo: string; descricao: string }) {
  const [svg, setSvg] = useState<{ codigo: string; url: string } | null>(null);
  useEffect(() => {
    let vivo = true;
    qrParaSvg(codigo, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((s) => {
        if (vivo) setSvg({ codigo, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(s)}` });
      })
      .catch(() => undefined);
    return () => {
      vivo = false;
    };
  }, [codigo]);
  if (svg?.codigo !== codigo) return <Skeleton variant="rectangular" width={LADO} height={LADO} sx={{ mx: 'auto' }} />;
  return (
    <Box
      component="img"
      src={svg.url}
      alt={descricao}
      width={LADO}
      height={LADO}
      sx={{ display: 'block', mx: 'auto', bgcolor: '#fff', borderRadius: 1, maxWidth: '100%', height: 'auto' }}
    />
  );
}
