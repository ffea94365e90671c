import { PagamentosAdmin } from '@/features/pagamentos-admin/components/PagamentosAdmin';
import { PagamentosLigados } from '../pagamentos-ligados';

/** /admin/pagamentos (PER300, guarded by the router): charges, totals, settlement by hand and plans while payments are on. */
export function Component() {
  return (
    <PagamentosLigados titulo="Pagamentos">
      <PagamentosAdmin />
    </PagamentosLigados>
  );
}
