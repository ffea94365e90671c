import TextField from '@mui/material/TextField';
import { forwardRef, type InputHTMLAttributes } from 'react';
import { IMaskInput } from 'react-imask';
import { useController, type FieldValues } from 'react-hook-form';
import type { FieldControlProps } from './field-props';

interface MaskInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue'> {
  // Optional only to fit MUI's `inputComponent` type; MaskedFieldControl always passes them.
  mask?: string | readonly string[];
  value?: unknown;
  /** The masked text after each accepted keystroke; the field listens to this, not to onChange. */
  onMaskAccept?: (value: string) => void;
}

/** react-imask input in the shape MUI's `inputComponent` expects. `0` = any digit. */
export const MaskInput = forwardRef<HTMLInputElement, MaskInputProps>(function MaskInput({ onMaskAccept, mask = '', value, ...rest }, ref) {
  const text = typeof value === 'string' ? value : '';
  const onAccept = (v: string) => onMaskAccept?.(v);
  if (typeof mask === 'string') {
    return <IMaskInput {...rest} mask={mask} value={text} inputRef={ref} onAccept={onAccept} />;
  }
  // Alternatives: IMask keeps the first one that takes every digit typed (shortest first).
  return <IMaskInput {...rest} mask={mask.map((m) => ({ mask: m }))} value={text} inputRef={ref} onAccept={onAccept} />;
});

export interface MaskedFieldControlProps<T extends FieldValues, O> extends FieldControlProps<T, O> {
  /**
   * IMask pattern, e.g. '(00) 0 0000-0000', or alternatives from shortest to longest
   * (MASCARA.telefoneOuCelular). The field keeps the masked text.
   */
  mask: string | readonly string[];
  inputMode?: 'numeric' | 'tel' | 'text';
}

export const MASCARA = {
  celular: '(00) 0 0000-0000',
  telefone: '(00) 0000-0000',
  cpf: '000.000.000-00',
  cep: '00000-000',
  data: '00/00/0000',
  hora: '00:00',
  /** Landline while it fits, mobile from the 11th digit. */
  telefoneOuCelular: ['(00) 0000-0000', '(00) 0 0000-0000'],
} as const;

export function MaskedFieldControl<T extends FieldValues, O>({
  control,
  name,
  mask,
  inputMode = 'numeric',
  helperText,
  fullWidth = true,
  slotProps,
  ...rest
}: MaskedFieldControlProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const value: unknown = field.value;
  return (
    <TextField
      {...rest}
      variant="outlined"
      fullWidth={fullWidth}
      name={field.name}
      inputRef={field.ref}
      value={typeof value === 'string' ? value : ''}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slotProps,
        input: {
          ...(typeof slotProps?.input === 'object' ? slotProps.input : {}),
          inputComponent: MaskInput,
        },
        htmlInput: {
          mask,
          inputMode,
          onMaskAccept: (v: string) => {
            if (v !== field.value) field.onChange(v);
          },
          ...(typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {}),
        },
      }}
    />
  );
}
