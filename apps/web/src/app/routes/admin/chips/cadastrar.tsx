import { ChipForm } from '@/features/chips/components/ChipForm';

export function Component() {
  return <ChipForm />;
}
