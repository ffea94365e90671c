import { useTheme } from '@mui/material/styles';
import { DESCRICAO_SITUACAO_ENERGIA } from '@rastro/shared/dominio';
import type { RelatorioQuery } from '@rastro/shared/schemas/relatorios';
import { useSituacoesEnergia } from '../api/get-situacoes-energia';
import { BarrasChart } from './BarrasChart';

/** Trackers by power situation (PER202). */
export function SituacoesEnergiaChart({ periodo }: { periodo: RelatorioQuery }) {
  const { palette } = useTheme();
  const { data, isPending } = useSituacoesEnergia(periodo);
  const itens = data && [
    { label: DESCRICAO_SITUACAO_ENERGIA.DESLIGADO, valor: data.totalDesligado, cor: palette.grey[500] },
    { label: DESCRICAO_SITUACAO_ENERGIA.LIGADO, valor: data.totalLigado, cor: palette.success.main },
    { label: DESCRICAO_SITUACAO_ENERGIA.AGUARDANDO_DESLIGAMENTO, valor: data.totalAguardandoDesligamento, cor: palette.warning.main },
  ];
  return <BarrasChart titulo="Situação de Energia dos Rastreadores" itens={itens} isPending={isPending} />;
}
