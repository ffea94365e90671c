import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import type { Ref } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MSG } from '@rastro/shared/messages';
import { useAppConfig } from '@/lib/app-config';
import { Captcha } from './Captcha';
import type { CaptchaHandle } from './captcha-handle';

interface CaptchaFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  ref?: Ref<CaptchaHandle>;
}

/** Where the widget will be, the size it will take: the form does not jump when it arrives. */
const quadro = {
  minHeight: 70,
  px: 2,
  gap: 1,
  display: 'flex',
  alignItems: 'center',
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  typography: 'body2',
} as const;

/** The captcha as a form field: its payload is the value; the form's schema requires it. */
export function CaptchaField<T extends FieldValues, O>({ control, name, ref }: CaptchaFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const appConfig = useAppConfig();
  const errorId = `${name}-erro`;

  let widget;
  if (appConfig.data) {
    widget = (
      <Captcha
        config={appConfig.data.captcha}
        onChange={(v) => field.onChange(v ?? '')}
        ref={ref}
        aria-describedby={fieldState.error ? errorId : undefined}
      />
    );
  } else if (appConfig.isError) {
    widget = (
      <Box role="alert" sx={{ ...quadro, borderColor: 'error.main', color: 'error.main', justifyContent: 'space-between' }}>
        {MSG.servicoIndisponivel}
        <Button color="inherit" size="small" onClick={() => void appConfig.refetch()}>
          Tentar novamente
        </Button>
      </Box>
    );
  } else {
    widget = (
      <Box role="status" sx={{ ...quadro, borderStyle: 'dashed', color: 'text.secondary', justifyContent: 'center' }}>
        Carregando o CAPTCHA...
      </Box>
    );
  }

  return (
    <div>
      {widget}
      {fieldState.error?.message && (
        <FormHelperText id={errorId} error role="alert">
          {fieldState.error.message}
        </FormHelperText>
      )}
    </div>
  );
}
