import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { onlyDigits } from '@rastro/shared/validators';
import type { FieldControlProps } from './field-props';

export interface TextFieldControlProps<T extends FieldValues, O> extends FieldControlProps<T, O> {
  type?: 'text' | 'email' | 'password' | 'search' | 'tel';
  /** Upper-case as the user types (spec §5). Default: on, except e-mail and password fields. */
  uppercase?: boolean;
  /** Keep only digits. */
  numeric?: boolean;
  maxLength?: number;
}

/** MUI TextField bound to a react-hook-form field. Text is trimmed on blur (never passwords). */
export function TextFieldControl<T extends FieldValues, O>({
  control,
  name,
  type = 'text',
  uppercase,
  numeric = false,
  maxLength,
  helperText,
  slotProps,
  fullWidth = true,
  ...rest
}: TextFieldControlProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const [reveal, setReveal] = useState(false);
  const upper = uppercase ?? !(type === 'email' || type === 'password');
  const isPassword = type === 'password';

  const handleChange = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const input = e.target;
    let value = input.value;
    if (numeric) value = onlyDigits(value);
    if (upper) value = value.toLocaleUpperCase('pt-BR');
    if (value !== input.value) {
      // Rewrite the DOM value in place so the caret stays where the user is typing.
      const caret = input.selectionStart === null ? null : input.selectionStart - (input.value.length - value.length);
      input.value = value;
      if (caret !== null && input.type !== 'email') input.setSelectionRange(caret, caret);
    }
    field.onChange(value);
  };

  const handleBlur = () => {
    const v: unknown = field.value;
    if (!isPassword && typeof v === 'string' && v !== v.trim()) field.onChange(v.trim());
    field.onBlur();
  };

  const value: unknown = field.value;
  return (
    <TextField
      {...rest}
      variant="outlined"
      fullWidth={fullWidth}
      name={field.name}
      inputRef={field.ref}
      type={isPassword && reveal ? 'text' : type}
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={handleChange}
      onBlur={handleBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ?? helperText}
      slotProps={{
        ...slotProps,
        htmlInput: {
          maxLength,
          inputMode: numeric ? 'numeric' : undefined,
          autoCapitalize: upper ? 'characters' : 'none',
          ...(typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {}),
        },
        input: isPassword
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    aria-label={reveal ? 'Ocultar senha' : 'Mostrar senha'}
                    onClick={() => setReveal((r) => !r)}
                    edge="end"
                    size="small"
                  >
                    {reveal ? <VisibilityOff fontSize="small" /> : <Visibility fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
              ...(typeof slotProps?.input === 'object' ? slotProps.input : {}),
            }
          : slotProps?.input,
      }}
    />
  );
}
