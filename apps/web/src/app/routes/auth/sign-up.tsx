import { SignUp } from '@/features/auth/components/SignUp';

export function Component() {
  return <SignUp />;
}
