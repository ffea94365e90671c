import { PlaceholderPage } from '@/components/PlaceholderPage';
import { useRouteTitle } from '../route-handle';

/** Screens of later issues: the route's title and 'Em desenvolvimento'. */
export function Component() {
  return <PlaceholderPage title={useRouteTitle() ?? ''} />;
}
