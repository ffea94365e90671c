import { ChipList } from '@/features/chips/components/ChipList';

export function Component() {
  return <ChipList />;
}
