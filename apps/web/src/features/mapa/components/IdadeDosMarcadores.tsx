import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import { useEffect, useState } from 'react';
import { formatarHaQuanto } from '@/lib/format';

/** The age is in minutes: read the clock again this often while it shows. */
const RELOGIO_MS = 15_000;

/** 'há 5 min', and under a minute 'agora há pouco'. */
export function idadeDosMarcadores(salvoEm: number, agora: number): string {
  const ha = formatarHaQuanto(new Date(salvoEm).toISOString(), new Date(agora));
  return ha === 'agora' ? 'agora há pouco' : ha;
}

interface IdadeDosMarcadoresProps {
  /** When the markers shown were current (ms since the epoch). */
  salvoEm: number;
  /** The fresh markers are being fetched. */
  atualizando: boolean;
}

/**
 * Says the markers on the map are the ones kept from the last visit, and how old they are, until
 * the fresh ones arrive. A polite status: a screen reader announces it without interrupting.
 */
export function IdadeDosMarcadores({ salvoEm, atualizando }: IdadeDosMarcadoresProps) {
  const [agora, setAgora] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setAgora(Date.now()), RELOGIO_MS);
    return () => clearInterval(id);
  }, []);
  return (
    <Alert severity="info" role="status" icon={<HistoryIcon fontSize="inherit" />} sx={{ py: 0, boxShadow: 2 }}>
      Atualizado {idadeDosMarcadores(salvoEm, agora)}
      {atualizando ? ' · buscando posições novas…' : ''}
    </Alert>
  );
}
