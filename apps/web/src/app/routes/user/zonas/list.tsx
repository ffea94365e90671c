import { ZonasList } from '@/features/zonas/components/ZonasList';

export function Component() {
  return <ZonasList />;
}
