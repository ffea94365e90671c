import { Dashboard } from '@/features/dashboard/components/Dashboard';

export function Component() {
  return <Dashboard />;
}
