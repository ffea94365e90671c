import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { LIMITES } from '@rastro/shared/constants';
import { minCaracteres } from '@rastro/shared/messages';
import { TextFieldControl } from '@/components/form/TextFieldControl';

interface NovaSenha extends FieldValues {
  senhaNova: string;
  confirmarNovaSenha: string;
}

/** 'Nova senha' and its confirmation, shared by RedefinirSenhaForm and AlterarSenhaForm. */
export function NovaSenhaFields<T extends NovaSenha, O>({ control }: { control: Control<T, unknown, O> }) {
  return (
    <>
      <TextFieldControl
        control={control}
        name={'senhaNova' as FieldPath<T>}
        label="Nova senha"
        type="password"
        autoComplete="new-password"
        required
        maxLength={LIMITES.senhaMax}
        helperText={minCaracteres(LIMITES.senhaMin)}
      />
      <TextFieldControl
        control={control}
        name={'confirmarNovaSenha' as FieldPath<T>}
        label="Confirmar nova senha"
        type="password"
        autoComplete="new-password"
        required
        maxLength={LIMITES.senhaMax}
      />
    </>
  );
}
