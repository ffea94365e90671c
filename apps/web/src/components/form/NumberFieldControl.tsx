import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState, type ChangeEvent } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface NumberFieldControlProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  /** Decimals shown for a value set from elsewhere (e.g. a map); typing keeps what was typed. */
  decimals?: number;
  /** A unit after the number ('m'). */
  unit?: string;
  required?: boolean;
  helperText?: string;
  disabled?: boolean;
  /** 'decimal' (default) shows a keypad, which on some phones has no minus sign: negative values want 'text'. */
  inputMode?: 'decimal' | 'numeric' | 'text';
}

/** Blank → null; '-23,5' or '-23.5' → -23.5; anything else → NaN (the schema's 'invalid' message). */
export function lerNumero(texto: string): number | null {
  const t = texto.trim().replace(',', '.');
  if (t === '') return null;
  return /^[-+]?(\d+\.?\d*|\.\d+)$/.test(t) ? Number(t) : Number.NaN;
}

const escrever = (v: unknown, decimals: number) =>
  typeof v === 'number' && Number.isFinite(v) ? String(Math.round(v * 10 ** decimals) / 10 ** decimals) : '';

/**
 * A number field (pt-BR comma or dot) bound to a react-hook-form field holding a number or null.
 * The text stays as typed; a value set from elsewhere (setValue) replaces it.
 */
export function NumberFieldControl<T extends FieldValues, O>({
  control,
  name,
  label,
  decimals = 6,
  unit,
  required = false,
  helperText,
  disabled = false,
  inputMode = 'decimal',
}: NumberFieldControlProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const valor: unknown = field.value;
  const [texto, setTexto] = useState(() => escrever(valor, decimals));
  const [visto, setVisto] = useState<unknown>(valor);
  // Follow a value set elsewhere, but not the one this field just produced from the text.
  if (!Object.is(valor, visto)) {
    setVisto(valor);
    if (!Object.is(lerNumero(texto), valor)) setTexto(escrever(valor, decimals));
  }

  const id = useId();
  const shownHelper = fieldState.error?.message ?? helperText;
  const helperTextId = shownHelper ? `${id}-helper-text` : undefined;
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    setTexto(e.target.value);
    field.onChange(lerNumero(e.target.value));
  };

  return (
    <FormControl variant="outlined" fullWidth required={required} disabled={disabled} error={fieldState.invalid}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={field.name}
        inputRef={field.ref}
        value={texto}
        onChange={onChange}
        onBlur={field.onBlur}
        aria-describedby={helperTextId}
        inputProps={{ inputMode, autoComplete: 'off' }}
        endAdornment={unit ? <InputAdornment position="end">{unit}</InputAdornment> : undefined}
      />
      {shownHelper && <FormHelperText id={helperTextId}>{shownHelper}</FormHelperText>}
    </FormControl>
  );
}
