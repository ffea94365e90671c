import { useParams } from 'react-router';
import { AceitarConvite } from '@/features/guardioes/components/AceitarConvite';

export function Component() {
  const { token = '' } = useParams();
  // A new screen per invite: no error of one survives on another.
  return <AceitarConvite key={token} token={token} />;
}
