import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { DESCRICAO_SEXO, SEXOS } from '@rastro/shared/dominio';

/** The choices of the 'Sexo' select of every person form. */
export const SEXO_OPCOES = SEXOS.map((s) => ({ value: s, label: DESCRICAO_SEXO[s] }));

/** A titled part of a person form ('Dados pessoais', 'Endereço', …), named by its heading. */
export function Secao({ titulo, children }: { titulo: string; children: ReactNode }) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} spacing={2}>
      <Typography id={id} variant="h6" component="h2">
        {titulo}
      </Typography>
      {children}
    </Stack>
  );
}
