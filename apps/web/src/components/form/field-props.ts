import type { OutlinedTextFieldProps } from '@mui/material/TextField';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';

/** What every MUI field adapter takes: TextField props minus what react-hook-form controls. */
export interface FieldControlProps<T extends FieldValues, O> extends Omit<
  OutlinedTextFieldProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error' | 'variant' | 'inputRef' | 'type'
> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
}
