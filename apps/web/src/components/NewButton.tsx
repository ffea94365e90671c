import AddIcon from '@mui/icons-material/Add';
import { ButtonLink } from './ButtonLink';

interface NewButtonProps {
  /** The create form's address. */
  to: string;
  /** History state for the form, e.g. `useListReturnState()` so Voltar returns to the list as it was. */
  state?: unknown;
  children?: string;
}

/** The green 'Novo' button of the list screens. */
export function NewButton({ to, state, children = 'Novo' }: NewButtonProps) {
  return (
    <ButtonLink to={to} state={state} variant="contained" color="success" startIcon={<AddIcon />}>
      {children}
    </ButtonLink>
  );
}
