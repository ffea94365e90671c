import { useEmular } from '@/features/emulacao/hooks/use-emular';
import { UsuariosList } from '@/features/usuarios/components/UsuariosList';

/** The user list; its 'Emular' action comes from the emulation feature. */
export function Component() {
  const { emular } = useEmular();
  return <UsuariosList onEmular={(u) => void emular(u.id)} />;
}
