import { Navigate, useParams } from 'react-router';
import { RedefinirSenhaForm } from '@/features/auth/components/RedefinirSenhaForm';
import { paths } from '@/paths';

export function Component() {
  const { token } = useParams();
  if (!token) return <Navigate to={paths.auth.login.getHref()} replace />;
  return <RedefinirSenhaForm key={token} token={token} />;
}
