import Button, { type ButtonProps } from '@mui/material/Button';
import { Link } from 'react-router';

type ButtonLinkProps = Omit<ButtonProps<'a'>, 'href' | 'component' | 'ref'> & {
  to: string;
  /** History state for the target (e.g. where its Voltar should return). */
  state?: unknown;
};

/** A button that navigates inside the app (renders an <a>). */
export function ButtonLink({ to, state, ...rest }: ButtonLinkProps) {
  return <Button component={Link} to={to} state={state} nativeButton={false} {...rest} />;
}
