import Button, { type ButtonProps } from '@mui/material/Button';
import { Link } from 'react-router';

/** A button that navigates inside the app (renders an <a>). */
export function ButtonLink({ to, ...rest }: Omit<ButtonProps<'a'>, 'href' | 'component' | 'ref'> & { to: string }) {
  return <Button component={Link} to={to} nativeButton={false} {...rest} />;
}
