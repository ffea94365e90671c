import { useSearchParams } from 'react-router';
import { SignUp } from '@/features/auth/components/SignUp';

export function Component() {
  // '?convite=<token>': signing up through a co-guardian invite (/convite/:token).
  const [params] = useSearchParams();
  return <SignUp convite={params.get('convite')} />;
}
