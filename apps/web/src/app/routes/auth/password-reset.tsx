import { useParams, useSearchParams } from 'react-router';
import { EnviarSenhaTokenForm } from '@/features/auth/components/EnviarSenhaTokenForm';

/** /auth/password-reset, ?status=error or /auth/password-reset/error. */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const status = params.status ?? search.get('status');
  return <EnviarSenhaTokenForm key={status ?? ''} linkInvalido={status === 'error'} />;
}
