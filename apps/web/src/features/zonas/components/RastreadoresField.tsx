import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useController, type Control } from 'react-hook-form';
import type { ZonaForm, ZonaFormValida } from '@rastro/shared/schemas/zonas';
import type { RastreadorOpcao } from '../api/get-rastreadores-opcoes';

interface RastreadoresFieldProps {
  control: Control<ZonaForm, unknown, ZonaFormValida>;
  opcoes: readonly RastreadorOpcao[];
  /** The options could not be loaded. */
  erro: boolean;
}

/** 'Rastreadores': the owner's trackers the zone applies to, one checkbox each (their `rastreadorId`s). */
export function RastreadoresField({ control, opcoes, erro }: RastreadoresFieldProps) {
  const { field, fieldState } = useController({ control, name: 'rastreadorIds' });
  const marcados = field.value ?? [];
  const alternar = (id: number, marcar: boolean) =>
    field.onChange(marcar ? [...marcados.filter((m) => m !== id), id] : marcados.filter((m) => m !== id));
  const ajuda =
    fieldState.error?.message ??
    (erro ? 'Não foi possível carregar os rastreadores.' : opcoes.length === 0 ? 'Nenhum rastreador cadastrado.' : undefined);

  return (
    <FormControl component="fieldset" variant="standard" error={fieldState.invalid || erro}>
      <FormLabel component="legend">Rastreadores</FormLabel>
      <FormGroup>
        {opcoes.map((r, i) => (
          <FormControlLabel
            key={r.rastreadorId}
            label={r.descricao}
            control={
              <Checkbox
                checked={marcados.includes(r.rastreadorId)}
                onChange={(e) => alternar(r.rastreadorId, e.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: i === 0 ? field.ref : undefined } }}
              />
            }
          />
        ))}
      </FormGroup>
      {ajuda && <FormHelperText>{ajuda}</FormHelperText>}
    </FormControl>
  );
}
