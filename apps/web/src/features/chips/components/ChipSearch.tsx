import { z } from 'zod/mini';
import Grid from '@mui/material/Grid';
import { LIMITES } from '@rastro/shared/constants';
import { chipFiltroSchema } from '@rastro/shared/schemas/chips';
import { onlyDigits } from '@rastro/shared/validators';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { SearchCard } from '@/components/SearchCard';
import type { ChipFiltros } from '../api/keys';

const filtroSchema = z.pick(chipFiltroSchema, { codigo: true, descricao: true, numero: true });
const vazio: ChipFiltros = { codigo: '', descricao: '', numero: '' };

interface ChipSearchProps {
  filtros: Partial<ChipFiltros>;
  onSearch: (filtros: Partial<ChipFiltros>) => void;
  onClear: () => void;
}

/** The chip list's 'Pesquisa' card: codigo (digits, 5), descricao (150), numero (phone mask). */
export function ChipSearch({ filtros, onSearch, onClear }: ChipSearchProps) {
  return (
    <SearchCard
      schema={filtroSchema}
      values={{ ...vazio, ...filtros }}
      emptyValues={vazio}
      onClear={onClear}
      onSearch={(v) => onSearch({ codigo: v.codigo, descricao: v.descricao, numero: onlyDigits(v.numero ?? '') })}
    >
      {({ control }) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 2 }}>
            <TextFieldControl control={control} name="codigo" label="Código" numeric maxLength={LIMITES.codigo} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextFieldControl control={control} name="descricao" label="Descrição" maxLength={LIMITES.descricao} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <MaskedFieldControl control={control} name="numero" label="Número" mask={MASCARA.telefoneOuCelular} inputMode="tel" />
          </Grid>
        </Grid>
      )}
    </SearchCard>
  );
}
