import { MinhaConta } from '@/features/minha-conta/components/MinhaConta';

export function Component() {
  return <MinhaConta />;
}
