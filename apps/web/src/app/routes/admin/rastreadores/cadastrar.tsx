import { RastreadorForm } from '@/features/rastreadores-admin/components/RastreadorForm';

export function Component() {
  return <RastreadorForm />;
}
