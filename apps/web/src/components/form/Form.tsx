import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';

export type FormSchema = z.ZodMiniType<FieldValues, FieldValues>;
export type FormApi<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

interface FormProps<S extends FormSchema> {
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /** Runs with the parsed values; return the promise so the form shows it is submitting. */
  onSubmit: (values: z.output<S>, form: FormApi<S>) => unknown;
  children: (form: FormApi<S>) => ReactNode;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  id?: string;
  sx?: SxProps<Theme>;
}

/** The one form wrapper: react-hook-form + the shared zod schema; the browser's own validation is off. */
export function Form<S extends FormSchema>({ schema, defaultValues, onSubmit, children, sx, ...aria }: FormProps<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  return (
    <Box
      component="form"
      noValidate
      sx={sx}
      {...aria}
      onSubmit={form.handleSubmit(async (values) => {
        await onSubmit(values, form);
      })}
    >
      {children(form)}
    </Box>
  );
}
