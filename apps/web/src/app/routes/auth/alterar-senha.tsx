import { ChangePassword } from '@/features/auth/components/ChangePassword';

export function Component() {
  return <ChangePassword />;
}
