import { NotificacoesList } from '@/features/notificacoes/components/NotificacoesList';
import { AlertasPush } from '@/features/push/components/AlertasPush';
import { useSessao } from '@/lib/sessao';

/** /user/notificacoes: this device's push alerts (not while emulating: the device is not that user's), then the list. */
export function Component() {
  const { emulacao } = useSessao();
  return (
    <>
      {!emulacao && <AlertasPush />}
      <NotificacoesList />
    </>
  );
}
