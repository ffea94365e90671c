import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RRLink } from 'react-router';

/** MUI Link that navigates inside the app. */
export function RouterLink({ to, ...rest }: Omit<LinkProps, 'href' | 'component'> & { to: string }) {
  return <Link component={RRLink} to={to} {...rest} />;
}
