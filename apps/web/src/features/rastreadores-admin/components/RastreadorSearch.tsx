import { z } from 'zod/mini';
import Grid from '@mui/material/Grid';
import { LIMITES } from '@rastro/shared/constants';
import { rastreadorFiltroSchema } from '@rastro/shared/schemas/rastreadores';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { SearchCard } from '@/components/SearchCard';
import type { RastreadorFiltros } from '../api/keys';

const filtroSchema = z.pick(rastreadorFiltroSchema, { codigo: true, imei: true });
const vazio: RastreadorFiltros = { codigo: '', imei: '' };

interface RastreadorSearchProps {
  filtros: Partial<RastreadorFiltros>;
  onSearch: (filtros: Partial<RastreadorFiltros>) => void;
  onClear: () => void;
}

/** The admin tracker list's 'Pesquisa' card: código (5 digits) and IMEI (20 digits). */
export function RastreadorSearch({ filtros, onSearch, onClear }: RastreadorSearchProps) {
  return (
    <SearchCard
      schema={filtroSchema}
      values={{ ...vazio, ...filtros }}
      emptyValues={vazio}
      onClear={onClear}
      onSearch={(v) => onSearch({ codigo: v.codigo, imei: v.imei })}
    >
      {({ control }) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 3 }}>
            <TextFieldControl control={control} name="codigo" label="Código" numeric maxLength={LIMITES.codigo} />
          </Grid>
          <Grid size={{ xs: 12, md: 9 }}>
            <TextFieldControl control={control} name="imei" label="IMEI" numeric maxLength={LIMITES.imei} />
          </Grid>
        </Grid>
      )}
    </SearchCard>
  );
}
