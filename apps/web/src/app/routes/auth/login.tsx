import { LoginForm } from '@/features/auth/components/LoginForm';

export function Component() {
  return <LoginForm />;
}
