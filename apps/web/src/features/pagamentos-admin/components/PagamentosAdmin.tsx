import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { CobrancasAdmin } from './CobrancasAdmin';
import { PlanosAdmin } from './PlanosAdmin';

type Aba = 'cobrancas' | 'planos';

/** /admin/pagamentos (PER300): the charges (filters, totals, settlement by hand) and the plans, the tab in the address. */
export function PagamentosAdmin() {
  const [params, setParams] = useSearchParams();
  const aba: Aba = params.get('aba') === 'planos' ? 'planos' : 'cobrancas';
  return (
    <Box>
      <Tabs
        value={aba}
        onChange={(_e, nova: Aba) => setParams(nova === 'planos' ? { aba: 'planos' } : {})}
        aria-label="Pagamentos"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="cobrancas" label="Cobranças" id="aba-cobrancas" aria-controls="painel-cobrancas" />
        <Tab value="planos" label="Planos" id="aba-planos" aria-controls="painel-planos" />
      </Tabs>
      <Box role="tabpanel" id={`painel-${aba}`} aria-labelledby={`aba-${aba}`}>
        {aba === 'planos' ? <PlanosAdmin /> : <CobrancasAdmin />}
      </Box>
    </Box>
  );
}
