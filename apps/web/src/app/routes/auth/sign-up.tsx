import { useSearchParams } from 'react-router';
import { CadastroForm } from '@/features/auth/components/CadastroForm';

export function Component() {
  // '?convite=<token>': signing up through a co-guardian invite (/convite/:token).
  const [params] = useSearchParams();
  return <CadastroForm convite={params.get('convite')} />;
}
