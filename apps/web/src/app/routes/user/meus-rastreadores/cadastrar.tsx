import { MeuRastreadorForm } from '@/features/meus-rastreadores/components/MeuRastreadorForm';

export function Component() {
  return <MeuRastreadorForm />;
}
