import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { MSG } from '@rastro/shared/messages';

/** The side card of "Minha conta": who the account belongs to, and the slogan. */
export function ContaCard({ nome, email }: { nome: string; email: string }) {
  const titulo = useId();
  return (
    <Card component="aside" variant="outlined" aria-labelledby={titulo}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1 }}>
        <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main' }} aria-hidden="true">
          <PersonIcon sx={{ fontSize: 48 }} />
        </Avatar>
        <Typography id={titulo} variant="h6" component="h2" sx={{ wordBreak: 'break-word' }}>
          {nome}
        </Typography>
        <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {email}
        </Typography>
        <Divider flexItem sx={{ my: 1 }} />
        <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
          {MSG.slogan}
        </Typography>
      </CardContent>
    </Card>
  );
}
