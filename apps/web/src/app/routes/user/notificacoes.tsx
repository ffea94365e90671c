import { NotificacoesList } from '@/features/notificacoes/components/NotificacoesList';

export function Component() {
  return <NotificacoesList />;
}
