import { Navigate, useParams } from 'react-router';
import { ResetPassword } from '@/features/auth/components/ResetPassword';
import { paths } from '@/paths';

export function Component() {
  const { token } = useParams();
  if (!token) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <ResetPassword key={token} token={token} />;
}
