import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, type Control } from 'react-hook-form';
import type { MapaForm } from '@rastro/shared/schemas/mapa';
import type { SelectItem } from '@rastro/shared/schemas/common';

interface RastreadorSelectProps {
  control: Control<MapaForm, unknown, MapaForm>;
  opcoes: readonly SelectItem[];
  /** The empty choice: 'Todos' (current location) or 'Selecione' (history, required). */
  vazio: string;
  required: boolean;
  carregando: boolean;
}

/** 'Rastreador': a link id or null (the empty choice), never ''. */
export function RastreadorSelect({ control, opcoes, vazio, required, carregando }: RastreadorSelectProps) {
  const { field, fieldState } = useController({ control, name: 'usuarioRastreadorId' });
  const value = field.value !== null && opcoes.some((o) => o.id === field.value) ? String(field.value) : '';
  return (
    <TextField
      select
      fullWidth
      label="Rastreador"
      required={required}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? (carregando ? 'Carregando...' : undefined)}
      // The empty choice is a real one ('Todos'): show it instead of a blank box.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        <em>{vazio}</em>
      </MenuItem>
      {opcoes.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.text}
        </MenuItem>
      ))}
    </TextField>
  );
}
