import { FORMATO_DATA, FORMATO_HORA } from '@rastro/shared/constants';
import { juntarDataHora, type MapaForm } from '@rastro/shared/schemas/mapa';
import { dayjs } from '@/lib/dayjs';
import { FUSO_HORARIO } from '@/lib/format';

/** The form's dates and hours are São Paulo time (no daylight saving since 2019). */
export const OFFSET_SAO_PAULO = '-03:00';

/** What the map shows: a submitted search. */
export type MapaFiltro =
  | { tipoVisualizacao: 'ATUAL'; usuarioRastreadorId: number | null }
  | { tipoVisualizacao: 'HISTORICO'; usuarioRastreadorId: number; dataInicial: string; dataFinal: string };

/** Entering the page: every tracker's latest position. */
export const FILTRO_INICIAL: MapaFiltro = { tipoVisualizacao: 'ATUAL', usuarioRastreadorId: null };

/** Spec §5: current location; from yesterday to today, both at the current time. */
export function valoresPadrao(agora: Date = new Date()): MapaForm {
  const hoje = dayjs(agora).tz(FUSO_HORARIO);
  return {
    tipoVisualizacao: 'ATUAL',
    usuarioRastreadorId: null,
    dataInicial: hoje.subtract(1, 'day').format(FORMATO_DATA),
    horaInicial: hoje.format(FORMATO_HORA),
    dataFinal: hoje.format(FORMATO_DATA),
    horaFinal: hoje.format(FORMATO_HORA),
  };
}

/** The validated form as the query it asks for; null if the history fields do not make instants. */
export function filtroDoForm(v: MapaForm): MapaFiltro | null {
  if (v.tipoVisualizacao === 'ATUAL') return { tipoVisualizacao: 'ATUAL', usuarioRastreadorId: v.usuarioRastreadorId };
  const dataInicial = juntarDataHora(v.dataInicial, v.horaInicial, OFFSET_SAO_PAULO);
  const dataFinal = juntarDataHora(v.dataFinal, v.horaFinal, OFFSET_SAO_PAULO, true);
  if (v.usuarioRastreadorId === null || !dataInicial || !dataFinal) return null;
  return { tipoVisualizacao: 'HISTORICO', usuarioRastreadorId: v.usuarioRastreadorId, dataInicial, dataFinal };
}
