import Avatar from '@mui/material/Avatar';
import { corDoPet, inicialDoPet } from './cor';

interface AvatarPetProps {
  nome: string;
  rastreadorId: number;
  /** The photo's URL, or null: then the pet's initial on its colour. */
  foto: string | null;
  /** Pixels (default 40). */
  tamanho?: number;
}

/** A pet's face: its photo, or its initial on its colour. Decorative: the pet's name is always beside it. */
export function AvatarPet({ nome, rastreadorId, foto, tamanho = 40 }: AvatarPetProps) {
  return (
    <Avatar
      src={foto ?? undefined}
      alt=""
      aria-hidden
      sx={{ width: tamanho, height: tamanho, bgcolor: corDoPet(rastreadorId), color: '#fff', fontWeight: 700, fontSize: tamanho * 0.45 }}
    >
      {inicialDoPet(nome)}
    </Avatar>
  );
}
