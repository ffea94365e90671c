import { AlterarSenhaForm } from '@/features/auth/components/AlterarSenhaForm';

export function Component() {
  return <AlterarSenhaForm />;
}
