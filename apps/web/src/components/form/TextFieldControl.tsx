import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, useState, type ChangeEvent } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { onlyDigits } from '@rastro/shared/validators';
import type { FieldControlProps } from './field-props';

export interface TextFieldControlProps<T extends FieldValues, O> extends Omit<FieldControlProps<T, O>, 'slotProps' | 'select'> {
  /** Props of the `<input>` element (TextField's `slotProps.htmlInput`). */
  slotProps?: { htmlInput?: InputBaseComponentProps };
  type?: 'text' | 'email' | 'password' | 'search' | 'tel';
  /** Upper-case as the user types (spec §5). Default: on, except e-mail and password fields. */
  uppercase?: boolean;
  /** Keep only digits. */
  numeric?: boolean;
  maxLength?: number;
}

/**
 * An outlined MUI text field bound to a react-hook-form field. Text is trimmed on blur (never
 * passwords). It is what `<TextField variant="outlined">` renders (FormControl, InputLabel,
 * OutlinedInput, FormHelperText, the same ids and classes) without importing TextField, which
 * statically pulls Select, Menu and Popover into every form — the login screen's included.
 */
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
  id: idOverride,
  label,
  required = false,
  disabled = false,
  autoComplete,
  autoFocus = false,
  placeholder,
  multiline = false,
  rows,
  minRows,
  maxRows,
  onFocus,
  className,
  sx,
  size,
  color = 'primary',
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
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const shownHelper = fieldState.error?.message ?? helperText;
  const helperTextId = shownHelper ? `${id}-helper-text` : undefined;
  const hasLabel = label !== undefined && label !== null && label !== '';

  return (
    <FormControl
      className={className ? `MuiTextField-root ${className}` : 'MuiTextField-root'}
      sx={sx}
      size={size}
      color={color}
      variant="outlined"
      fullWidth={fullWidth}
      disabled={disabled}
      required={required}
      error={fieldState.invalid}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        multiline={multiline}
        rows={rows}
        minRows={minRows}
        maxRows={maxRows}
        id={id}
        label={label}
        placeholder={placeholder}
        name={field.name}
        inputRef={field.ref}
        type={isPassword && reveal ? 'text' : type}
        value={typeof value === 'string' || typeof value === 'number' ? value : ''}
        onChange={handleChange}
        onBlur={handleBlur}
        onFocus={onFocus}
        inputProps={{
          maxLength,
          inputMode: numeric ? 'numeric' : undefined,
          autoCapitalize: upper ? 'characters' : 'none',
          ...slotProps?.htmlInput,
        }}
        endAdornment={
          isPassword ? (
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
          ) : undefined
        }
      />
      {shownHelper && <FormHelperText id={helperTextId}>{shownHelper}</FormHelperText>}
    </FormControl>
  );
}
