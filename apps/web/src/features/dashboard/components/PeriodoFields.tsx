import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { MSG } from '@rastro/shared/messages';
import { dataBrParaIso } from '@rastro/shared/validators';
import { MASCARA, MaskInput } from '@/components/form/MaskedFieldControl';
import { visuallyHidden } from '@/components/Spinner';
import { isPeriodoValido, type Periodo } from './periodo';

interface PeriodoFieldsProps {
  value: Periodo;
  /** Called only with a valid period. */
  onChange: (p: Periodo) => void;
}

const paraBr = (iso: string) => iso.split('-').reverse().join('/');

/** Two DD/MM/YYYY fields (spec §9 format); the reports follow as soon as the period is valid. */
export function PeriodoFields({ value, onChange }: PeriodoFieldsProps) {
  const [draft, setDraft] = useState({ dataInicial: paraBr(value.dataInicial), dataFinal: paraBr(value.dataFinal) });
  const iso = { dataInicial: dataBrParaIso(draft.dataInicial) ?? '', dataFinal: dataBrParaIso(draft.dataFinal) ?? '' };
  const invertido = iso.dataInicial !== '' && iso.dataFinal !== '' && iso.dataInicial > iso.dataFinal;

  const set = (campo: keyof Periodo, v: string) => {
    if (v === draft[campo]) return;
    const next = { ...draft, [campo]: v };
    setDraft(next);
    const periodo = { dataInicial: dataBrParaIso(next.dataInicial) ?? '', dataFinal: dataBrParaIso(next.dataFinal) ?? '' };
    if (isPeriodoValido(periodo)) onChange(periodo);
  };

  const campo = (nome: keyof Periodo, label: string, helper?: string) => (
    <TextField
      label={label}
      value={draft[nome]}
      error={(draft[nome].length === 10 && iso[nome] === '') || (nome === 'dataInicial' && invertido)}
      helperText={draft[nome].length === 10 && iso[nome] === '' ? MSG.dataInvalida : helper}
      placeholder="DD/MM/AAAA"
      slotProps={{
        inputLabel: { shrink: true },
        input: { inputComponent: MaskInput },
        htmlInput: { mask: MASCARA.data, inputMode: 'numeric', onMaskAccept: (v: string) => set(nome, v) },
      }}
    />
  );

  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Box component="legend" sx={visuallyHidden}>
        Período
      </Box>
      {campo('dataInicial', 'Data Inicial', invertido ? 'A data inicial deve ser menor ou igual à data final.' : undefined)}
      {campo('dataFinal', 'Data Final')}
    </Stack>
  );
}
