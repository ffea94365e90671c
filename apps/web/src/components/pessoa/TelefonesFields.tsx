import Grid from '@mui/material/Grid';
import { useFormContext } from 'react-hook-form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';

/** The phone fields a person form carries; read from a FormProvider, like the address block. */
export interface TelefonesValues {
  telefoneCelular: string;
  telefoneResidencial: string;
  telefoneComercial: string;
}

/** Celular (required), Telefone Residencial and Telefone Comercial, with their masks. */
export function TelefonesFields({ autoCompleteCelular = 'off' }: { autoCompleteCelular?: 'off' | 'tel' }) {
  const { control } = useFormContext<TelefonesValues>();
  return (
    <>
      <Grid size={{ xs: 12, md: 4 }}>
        <MaskedFieldControl
          control={control}
          name="telefoneCelular"
          label="Celular"
          mask={MASCARA.celular}
          inputMode="tel"
          required
          autoComplete={autoCompleteCelular}
        />
      </Grid>
      {/* Landlines as (00) 0000-0000; a stored mobile number still fits. */}
      <Grid size={{ xs: 12, md: 4 }}>
        <MaskedFieldControl
          control={control}
          name="telefoneResidencial"
          label="Telefone Residencial"
          mask={MASCARA.telefoneOuCelular}
          inputMode="tel"
          autoComplete="off"
        />
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <MaskedFieldControl
          control={control}
          name="telefoneComercial"
          label="Telefone Comercial"
          mask={MASCARA.telefoneOuCelular}
          inputMode="tel"
          autoComplete="off"
        />
      </Grid>
    </>
  );
}
