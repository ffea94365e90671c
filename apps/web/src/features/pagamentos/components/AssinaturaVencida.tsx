import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { useAppConfig } from '@/lib/app-config';
import { paths } from '@/paths';
import { useAssinaturas } from '../api/get-assinaturas';

const lista = (nomes: readonly string[]) =>
  nomes.length === 1 ? (nomes[0] ?? '') : `${nomes.slice(0, -1).join(', ')} e ${nomes.at(-1) ?? ''}`;

/**
 * Over the map and the history: the pets whose subscription is suspended (the server leaves them
 * out unless they are lost), and where to pay. Nothing while payments are off or all is paid.
 */
export function AssinaturaVencida() {
  const ligados = useAppConfig().data?.pagamentos.ativo ?? false;
  const assinaturas = useAssinaturas(ligados);
  const vencidas = (assinaturas.data ?? []).filter((a) => a.situacao === 'SUSPENSA');
  if (vencidas.length === 0) return null;
  const minhas = vencidas.filter((a) => a.papel === 'DONO').map((a) => a.pet);
  const acompanhadas = vencidas.filter((a) => a.papel === 'GUARDIAO').map((a) => a.pet);
  return (
    <Alert severity="warning" role="status">
      {minhas.length > 0 && (
        <>
          <AlertTitle>
            Assinatura vencida — regularize em{' '}
            <Link component={RouterLink} to={paths.user.meusPagamentos.getHref()} color="inherit" sx={{ fontWeight: 700 }}>
              Meus Pagamentos
            </Link>
          </AlertTitle>
          {`${lista(minhas)} ${minhas.length === 1 ? 'não aparece' : 'não aparecem'} no mapa até o pagamento. Alarmes, modo perdido e links compartilhados continuam funcionando.`}
        </>
      )}
      {acompanhadas.length > 0 &&
        `${minhas.length > 0 ? ' ' : ''}A assinatura de ${lista(acompanhadas)} venceu: ${acompanhadas.length === 1 ? 'o pet não aparece' : 'os pets não aparecem'} no mapa até o dono regularizar.`}
    </Alert>
  );
}
