import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Armazenamento } from '@rastro/shared/schemas/relatorios';
import { formatarData } from '@/lib/format';
import { useArmazenamento } from '../api/get-armazenamento';

const NOMES: Record<Armazenamento[number]['tipo'], string> = {
  GPS: 'Posições GPS',
  WIFI_LBS: 'Leituras WI-FI e LBS',
  BATERIA: 'Bateria',
};

const UNIDADES = ['B', 'kB', 'MB', 'GB', 'TB'] as const;

/** 1536 → '1,5 kB' (powers of 1024, pt-BR decimals). */
export function formatarBytes(bytes: number): string {
  let v = bytes;
  let u = 0;
  while (v >= 1024 && u < UNIDADES.length - 1) {
    v /= 1024;
    u += 1;
  }
  const casas = u === 0 || v >= 100 ? 0 : 1;
  return `${v.toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas })} ${UNIDADES[u]}`;
}

/** The history the server keeps per kind: since when, how big, and for how long (PER200). */
export function HistoricoGuardado() {
  const { data, isPending, isError } = useArmazenamento();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="historico-guardado">
        Histórico guardado
      </Typography>
      {isError ? (
        <Typography color="text.secondary">Não foi possível carregar o histórico guardado.</Typography>
      ) : (
        <Table size="small" aria-labelledby="historico-guardado">
          <TableHead>
            <TableRow>
              <TableCell>Tipo</TableCell>
              <TableCell>Mais antigo</TableCell>
              <TableCell align="right">Tamanho</TableCell>
              <TableCell align="right">Guardado por</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending || !data
              ? [0, 1, 2].map((i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={4}>
                      <Skeleton aria-label="Carregando..." />
                    </TableCell>
                  </TableRow>
                ))
              : data.map((a) => (
                  <TableRow key={a.tipo}>
                    <TableCell component="th" scope="row">
                      {NOMES[a.tipo]}
                    </TableCell>
                    <TableCell>{a.maisAntiga ? formatarData(a.maisAntiga) : 'Nenhum registro'}</TableCell>
                    <TableCell align="right">{formatarBytes(a.bytes)}</TableCell>
                    <TableCell align="right">{a.retencaoDias} dias</TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
