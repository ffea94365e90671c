import { MeusRastreadoresList } from '@/features/meus-rastreadores/components/MeusRastreadoresList';

export function Component() {
  return <MeusRastreadoresList />;
}
