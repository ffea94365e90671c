import Alert from '@mui/material/Alert';
import { MSG } from '@rastro/shared/messages';
import { RastreadorForm } from '@/features/rastreadores-admin/components/RastreadorForm';
import { useIdParam } from '@/lib/use-id-param';

export function Component() {
  const id = useIdParam();
  if (id === null) return <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>;
  // A new form per tracker: nothing typed for one survives on another.
  return <RastreadorForm key={id} id={id} />;
}
