import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
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
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void appConfig.refetch()}>
            Tentar novamente
          </Button>
        }
      >
        {MSG.servicoIndisponivel}
      </Alert>
    );
  } else {
    widget = <Skeleton variant="rounded" height={70} aria-label="Carregando o CAPTCHA" />;
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
