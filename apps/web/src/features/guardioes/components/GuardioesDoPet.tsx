import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { compartilhadoPor } from '@rastro/shared/messages';
import { ConvidarGuardiao } from './ConvidarGuardiao';
import { SairDaGuarda } from './SairDaGuarda';
import { GuardioesList } from './GuardioesList';

interface GuardioesDoPetProps {
  pet: {
    /** The owner's link (MeuRastreador.id). */
    id: number;
    descricao: string;
    /** The owner's name when the user is a guardian; null for the owner. */
    compartilhadoPor: string | null;
  };
}

/**
 * The detail's 'Família' section. The owner invites people by e-mail and sees, cancels and removes
 * guardians and pending invites; a guardian reads who shares the pet with them.
 */
export function GuardioesDoPet({ pet }: GuardioesDoPetProps) {
  const titleId = useId();
  const donoNome = pet.compartilhadoPor;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="h6" component="h2" sx={{ mb: 1 }}>
          Família
        </Typography>
        {donoNome === null ? (
          <Stack spacing={2.5}>
            <Typography variant="body2" color="text.secondary">
              {`Convide quem também cuida de ${pet.descricao}: a pessoa vê o pet no mapa, o histórico e as notificações, mas não altera as configurações do rastreador.`}
            </Typography>
            <ConvidarGuardiao id={pet.id} />
            <Divider />
            <GuardioesList id={pet.id} descricao={pet.descricao} />
          </Stack>
        ) : (
          <Stack spacing={1}>
            <Typography sx={{ fontWeight: 600 }}>{compartilhadoPor(donoNome)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {`Você acompanha ${pet.descricao} como guardião: vê o mapa, o histórico e as notificações. Só o dono pode alterar as configurações do rastreador ou convidar outras pessoas.`}
            </Typography>
            <SairDaGuarda id={pet.id} descricao={pet.descricao} />
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
