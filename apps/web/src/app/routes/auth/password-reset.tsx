import { useParams, useSearchParams } from 'react-router';
import { ForgotPassword } from '@/features/auth/components/ForgotPassword';

/** /auth/password-reset, ?status=error or /auth/password-reset/error. */
export function Component() {
  const params = useParams();
  const [search] = useSearchParams();
  const status = params.status ?? search.get('status');
  return <ForgotPassword key={status ?? ''} linkInvalido={status === 'error'} />;
}
