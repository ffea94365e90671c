import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import { useEffect, useRef, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod/mini';
import { mostrarErro } from '@/lib/snackbar';
import { errosDoFormulario, revisarEnvio, type ErroDeCampo } from './erros-do-envio';

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

/**
 * The one form wrapper: react-hook-form + the shared zod schema; the browser's own validation is off.
 * A submit the schema refuses never passes in silence: the focus goes to the first field in error
 * on the screen, and an error the person cannot fix where it is (a disabled field, one not on the
 * screen) is named in a snackbar.
 */
export function Form<S extends FormSchema>({ schema, defaultValues, onSubmit, children, sx, ...aria }: FormProps<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
    // react-hook-form would focus the first error in registration order, even a disabled field
    // (which takes no focus): the review below does it in screen order, skipping those.
    shouldFocusError: false,
  });
  const elemento = useRef<HTMLFormElement>(null);
  const recusados = useRef<ErroDeCampo[] | null>(null);
  // A refused submit counts too: the review runs once its errors are on the screen.
  const { submitCount } = form.formState;

  useEffect(() => {
    const erros = recusados.current;
    recusados.current = null;
    if (!erros || !elemento.current) return;
    const { aviso } = revisarEnvio(elemento.current, erros);
    if (aviso) mostrarErro(aviso);
  }, [submitCount]);

  return (
    <Box
      component="form"
      ref={elemento}
      noValidate
      sx={sx}
      {...aria}
      // Pressing the submit button leaves the focus in the field: its blur would check the field and
      // draw its error, which pushes the button down under the finger before the press ends, so a tap
      // on 'Salvar' did nothing at all. The submit checks every field anyway.
      onMouseDown={(e) => {
        if (e.target instanceof Element && e.target.closest('button[type="submit"]')) e.preventDefault();
      }}
      onSubmit={(e) =>
        form.handleSubmit(
          async (values) => {
            await onSubmit(values, form);
          },
          (errors) => {
            recusados.current = errosDoFormulario(errors);
          },
        )(e)
      }
    >
      {children(form)}
    </Box>
  );
}
