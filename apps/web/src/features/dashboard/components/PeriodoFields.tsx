import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { visuallyHidden } from '@/components/Spinner';
import { isDataIso, isPeriodoValido, type Periodo } from './periodo';

interface PeriodoFieldsProps {
  value: Periodo;
  /** Called only with a valid period. */
  onChange: (p: Periodo) => void;
}

/** Two date fields; the reports follow as soon as the period is valid. */
export function PeriodoFields({ value, onChange }: PeriodoFieldsProps) {
  const [draft, setDraft] = useState(value);
  const invertido = isDataIso(draft.dataInicial) && isDataIso(draft.dataFinal) && draft.dataInicial > draft.dataFinal;

  const set = (campo: keyof Periodo, v: string) => {
    const next = { ...draft, [campo]: v };
    setDraft(next);
    if (isPeriodoValido(next)) onChange(next);
  };

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Box component="legend" sx={visuallyHidden}>
        Período
      </Box>
      <TextField
        type="date"
        label="Data Inicial"
        value={draft.dataInicial}
        onChange={(e) => set('dataInicial', e.target.value)}
        error={invertido || !isDataIso(draft.dataInicial)}
        helperText={invertido ? 'A data inicial deve ser menor ou igual à data final.' : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.dataFinal } }}
      />
      <TextField
        type="date"
        label="Data Final"
        value={draft.dataFinal}
        onChange={(e) => set('dataFinal', e.target.value)}
        error={!isDataIso(draft.dataFinal)}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.dataInicial } }}
      />
    </Stack>
  );
}
