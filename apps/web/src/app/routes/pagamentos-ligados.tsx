import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { MSG } from '@rastro/shared/messages';
import { PlaceholderPage } from '@/components/PlaceholderPage';
import { Spinner } from '@/components/Spinner';
import { useAppConfig } from '@/lib/app-config';

/**
 * A payment screen: the real one while payments are on (a Pix key or a PSP is configured, issue
 * #35); the spec's placeholder 'Em desenvolvimento' while they are off, as `desligados` guards it.
 */
export function PagamentosLigados({
  titulo,
  children,
  desligados,
}: {
  titulo: string;
  children: ReactNode;
  desligados?: (p: ReactNode) => ReactNode;
}) {
  const config = useAppConfig();
  if (config.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void config.refetch()}>
            Tentar novamente
          </Button>
        }
      >
        {MSG.servicoIndisponivel}
      </Alert>
    );
  if (!config.data) return <Spinner />;
  if (config.data.pagamentos.ativo) return children;
  const placeholder = <PlaceholderPage title={titulo} />;
  return desligados ? desligados(placeholder) : placeholder;
}
