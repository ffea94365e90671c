import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useController, useFormContext } from 'react-hook-form';
import type { EnderecoValues } from './endereco-values';

interface IdSelectProps {
  name: 'estadoId' | 'cidadeId';
  label: string;
  options: readonly { id: number; label: string }[];
  loading?: boolean;
  disabled?: boolean;
  helperText?: string;
  /** After the user picks an option (not when the form sets the value). */
  onPick?: (id: number | null) => void;
}

/**
 * A select of ids (number or null, never ''). While its options load, a stored id shows empty
 * instead of an out-of-range value.
 */
export function IdSelect({ name, label, options, loading = false, disabled, helperText, onPick }: IdSelectProps) {
  const { control } = useFormContext<EnderecoValues>();
  const { field, fieldState } = useController({ control, name });
  const value = field.value !== null && options.some((o) => o.id === field.value) ? String(field.value) : '';
  return (
    <TextField
      select
      fullWidth
      label={label}
      name={field.name}
      inputRef={field.ref}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const id = e.target.value === '' ? null : Number(e.target.value);
        field.onChange(id);
        onPick?.(id);
      }}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? (loading ? 'Carregando...' : helperText)}
    >
      <MenuItem value="">
        <em>Selecione</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o.id} value={String(o.id)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
