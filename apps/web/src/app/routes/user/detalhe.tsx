import { RastreadorDetalhe } from '@/features/meus-rastreadores/components/RastreadorDetalhe';
import { useIdParam } from '@/lib/use-id-param';

export function Component() {
  const id = useIdParam();
  // A new screen per tracker: no table page or tab of one survives on another.
  return <RastreadorDetalhe key={id ?? 'sem-id'} id={id} />;
}
