import { PlaceholderPage } from '@/components/PlaceholderPage';
import { useRouteTitle } from '../../../route-handle';

/** Filled in by the owner-side work (issue 5). */
export function Component() {
  return <PlaceholderPage title={useRouteTitle() ?? ''} />;
}
