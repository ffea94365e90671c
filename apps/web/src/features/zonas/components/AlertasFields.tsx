import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { useController, useFormState, type Control, type UseFormTrigger } from 'react-hook-form';
import type { ZonaForm, ZonaFormValida } from '@rastro/shared/schemas/zonas';

interface Props {
  control: Control<ZonaForm, unknown, ZonaFormValida>;
  /** The form's `trigger`: the rule is on the pair, so either switch re-checks it. */
  trigger: UseFormTrigger<ZonaForm>;
}

function Interruptor({ control, trigger, name, label }: Props & { name: 'alertarSaida' | 'alertarEntrada'; label: string }) {
  const { field } = useController({ control, name });
  const { errors } = useFormState({ control, name: 'alertarSaida' });
  return (
    <FormControlLabel
      label={label}
      control={
        <Switch
          checked={field.value === true}
          onChange={(e) => {
            field.onChange(e.target.checked);
            if (errors.alertarSaida) void trigger('alertarSaida');
          }}
          onBlur={field.onBlur}
          slotProps={{ input: { ref: field.ref } }}
        />
      }
    />
  );
}

/** When the owner is told: on leaving, on entering, or both (at least one). */
export function AlertasFields({ control, trigger }: Props) {
  const { errors } = useFormState({ control, name: 'alertarSaida' });
  const erro = errors.alertarSaida?.message;
  return (
    <FormControl component="fieldset" variant="standard" error={erro !== undefined}>
      <FormLabel component="legend">Alertas</FormLabel>
      <FormGroup>
        <Interruptor control={control} trigger={trigger} name="alertarSaida" label="Alertar quando sair" />
        <Interruptor control={control} trigger={trigger} name="alertarEntrada" label="Alertar quando entrar" />
      </FormGroup>
      {erro && <FormHelperText>{erro}</FormHelperText>}
    </FormControl>
  );
}
