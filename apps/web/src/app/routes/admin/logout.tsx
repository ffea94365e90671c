import { Logout } from '@/features/auth/components/Logout';
import { sairDoAparelho } from '@/features/push/sair';

/** 'Sair': this device's push alerts end with the session. */
export function Component() {
  return <Logout antesDeSair={sairDoAparelho} />;
}
