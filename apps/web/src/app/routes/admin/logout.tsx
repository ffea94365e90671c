import { Logout } from '@/features/auth/components/Logout';

export function Component() {
  return <Logout />;
}
