import { useTheme } from '@mui/material/styles';
import { DESCRICAO_SITUACAO_RASTREADOR } from '@rastro/shared/dominio';
import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { useSituacoes } from '../api/get-situacoes';
import { BarrasChart } from './BarrasChart';

/** Trackers by situation (PER201). */
export function SituacoesChart({ periodo }: { periodo: RelatorioQuery }) {
  const { palette } = useTheme();
  const { data, isPending } = useSituacoes(periodo);
  const itens = data && [
    { label: DESCRICAO_SITUACAO_RASTREADOR.AGUARDANDO_VINCULO, valor: data.totalAguardandoVinculo, cor: palette.info.main },
    { label: DESCRICAO_SITUACAO_RASTREADOR.ATIVO, valor: data.totalAtivo, cor: palette.success.main },
    { label: DESCRICAO_SITUACAO_RASTREADOR.INATIVO, valor: data.totalInativo, cor: palette.grey[500] },
    { label: DESCRICAO_SITUACAO_RASTREADOR.ALERTA, valor: data.totalAlerta, cor: palette.error.main },
  ];
  return <BarrasChart titulo="Situação dos Rastreadores" itens={itens} isPending={isPending} />;
}
