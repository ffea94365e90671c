import MenuItem from '@mui/material/MenuItem';
import TextField, { type OutlinedTextFieldProps } from '@mui/material/TextField';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

type Passthrough = Omit<
  OutlinedTextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'variant' | 'inputRef' | 'select' | 'children'
>;

export interface SelectControlProps<T extends FieldValues, O> extends Passthrough {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  options: readonly SelectOption[];
  /** Adds an empty first option with this text (e.g. 'Selecione'). */
  emptyLabel?: string;
}

/** MUI select bound to a react-hook-form field. Values keep the option's type (string or number). */
export function SelectControl<T extends FieldValues, O>({
  control,
  name,
  options,
  emptyLabel,
  helperText,
  fullWidth = true,
  ...rest
}: SelectControlProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const current: unknown = field.value;
  const value = typeof current === 'string' || typeof current === 'number' ? String(current) : '';
  return (
    <TextField
      {...rest}
      select
      variant="outlined"
      fullWidth={fullWidth}
      name={field.name}
      inputRef={field.ref}
      value={value}
      onChange={(e) => {
        const picked = options.find((o) => String(o.value) === e.target.value);
        field.onChange(picked ? picked.value : '');
      }}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? helperText}
    >
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={String(o.value)} value={String(o.value)}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
