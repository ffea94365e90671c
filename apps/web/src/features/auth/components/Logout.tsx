import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { MSG } from '@rastro/shared/messages';
import { Spinner } from '@/components/Spinner';
import { paths } from '@/paths';
import { useLogout } from '../api/logout';

interface LogoutProps {
  /** Runs first, while the token is still valid (this device's push alerts end). Never holds the logout on failure. */
  antesDeSair?: () => Promise<void>;
}

/** 'Sair': revokes the token, clears the session and goes to the login. */
export function Logout({ antesDeSair }: LogoutProps) {
  const { mutateAsync } = useLogout();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (antesDeSair?.() ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => mutateAsync())
      .finally(() => navigate(paths.auth.login.getHref(), { replace: true }));
  }, [mutateAsync, navigate, antesDeSair]);

  return <Spinner label={MSG.aguarde} showLabel />;
}
