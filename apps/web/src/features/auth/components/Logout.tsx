import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@rastro/shared/messages';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/paths';
import { useLogout } from '../api/logout';

/** 'Sair': revokes the token, clears the session and goes to the login. */
export function Logout() {
  const { mutateAsync } = useLogout();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void mutateAsync().finally(() => navigate(paths.auth.login.getHref(), { replace: true }));
  }, [mutateAsync, navigate]);

  return <Spinner label={MSG.aguarde} showLabel />;
}
