import { MeuRastreadorForm } from '@/features/meus-rastreadores/components/MeuRastreadorForm';
import { useIdParam } from '@/lib/use-id-param';

export function Component() {
  const id = useIdParam();
  // A new form per tracker: nothing typed for one survives on another.
  return <MeuRastreadorForm key={id ?? 'sem-id'} editar id={id} />;
}
