import { RastreadorList } from '@/features/rastreadores-admin/components/RastreadorList';

export function Component() {
  return <RastreadorList />;
}
