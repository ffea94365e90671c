import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import type { Armazenamento } from '@rastro/shared/schemas/relatorios';
import { formatarData } from '@/lib/format';
import { useCelular } from '@/lib/use-celular';
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

const maisAntigo = (a: Armazenamento[number]) => (a.maisAntiga ? formatarData(a.maisAntiga) : 'Nenhum registro');

/** On a phone the table would not fit (434 px on 390): one short card per kind instead. */
function HistoricoEmCartoes({ dados }: { dados: Armazenamento | undefined }) {
  if (!dados)
    return (
      <Stack spacing={1}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} aria-label="Carregando..." />
        ))}
      </Stack>
    );
  return (
    <Stack component="ul" aria-labelledby="historico-guardado" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {dados.map((a) => (
        <Box component="li" key={a.tipo} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
          <Typography variant="subtitle2" component="h3">
            {NOMES[a.tipo]}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.25, m: 0, mt: 0.5 }}>
            {(
              [
                ['Mais antigo', maisAntigo(a)],
                ['Tamanho', formatarBytes(a.bytes)],
                ['Guardado por', `${a.retencaoDias} dias`],
              ] as const
            ).map(([rotulo, valor]) => (
              <Fragment key={rotulo}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {rotulo}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {valor}
                </Typography>
              </Fragment>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/** The history the server keeps per kind: since when, how big, and for how long (PER200). */
export function HistoricoGuardado() {
  const { data, isPending, isError } = useArmazenamento();
  const celular = useCelular();
  let conteudo;
  if (isError) conteudo = <Typography color="text.secondary">Não foi possível carregar o histórico guardado.</Typography>;
  else if (celular) conteudo = <HistoricoEmCartoes dados={isPending ? undefined : data} />;
  else
    conteudo = (
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
                  <TableCell>{maisAntigo(a)}</TableCell>
                  <TableCell align="right">{formatarBytes(a.bytes)}</TableCell>
                  <TableCell align="right">{a.retencaoDias} dias</TableCell>
                </TableRow>
              ))}
        </TableBody>
      </Table>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" id="historico-guardado" gutterBottom={celular}>
        Histórico guardado
      </Typography>
      {conteudo}
    </Paper>
  );
}
