import Alert from '@mui/material/Alert';
import { MSG } from '@rastro/shared/messages';
import { ChipForm } from '@/features/chips/components/ChipForm';
import { useIdParam } from '@/lib/use-id-param';

export function Component() {
  const id = useIdParam();
  if (id === null) return <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>;
  // A new form per chip: nothing typed for one survives on another.
  return <ChipForm key={id} id={id} />;
}
