import { z } from 'zod/mini';
import Grid from '@mui/material/Grid';
import { LIMITES } from '@rastro/shared/constants';
import { meuRastreadorFiltroSchema } from '@rastro/shared/schemas/meus-rastreadores';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { SearchCard } from '@/components/SearchCard';
import type { MeuRastreadorFiltros } from '../api/keys';

const filtroSchema = z.pick(meuRastreadorFiltroSchema, { descricao: true, imei: true });
const vazio: MeuRastreadorFiltros = { descricao: '', imei: '' };

interface MeusRastreadoresSearchProps {
  filtros: Partial<MeuRastreadorFiltros>;
  onSearch: (filtros: Partial<MeuRastreadorFiltros>) => void;
  onClear: () => void;
}

/** The 'Pesquisa' card of Meus Rastreadores: descrição (150) and IMEI (20 digits). */
export function MeusRastreadoresSearch({ filtros, onSearch, onClear }: MeusRastreadoresSearchProps) {
  return (
    <SearchCard
      schema={filtroSchema}
      values={{ ...vazio, ...filtros }}
      emptyValues={vazio}
      onClear={onClear}
      onSearch={(v) => onSearch({ descricao: v.descricao, imei: v.imei })}
    >
      {({ control }) => (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextFieldControl control={control} name="descricao" label="Descrição" maxLength={LIMITES.descricao} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextFieldControl control={control} name="imei" label="IMEI" numeric maxLength={LIMITES.imei} />
          </Grid>
        </Grid>
      )}
    </SearchCard>
  );
}
