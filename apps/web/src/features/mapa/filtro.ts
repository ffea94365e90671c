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

/** A pet's route today: from midnight in São Paulo until now ('Rota de hoje' on its card). */
export function rotaDeHoje(usuarioRastreadorId: number, agora: Date = new Date()): MapaFiltro {
  const hoje = dayjs(agora).tz(FUSO_HORARIO);
  const data = hoje.format(FORMATO_DATA);
  return {
    tipoVisualizacao: 'HISTORICO',
    usuarioRastreadorId,
    dataInicial: juntarDataHora(data, '00:00', OFFSET_SAO_PAULO) ?? hoje.startOf('day').format(),
    dataFinal: juntarDataHora(data, hoje.format(FORMATO_HORA), OFFSET_SAO_PAULO, true) ?? hoje.format(),
  };
}

/** The form's values for a search already made (the phone's filter sheet opens on what the map shows). */
export function valoresDoFiltro(filtro: MapaFiltro, agora: Date = new Date()): MapaForm {
  const padrao = valoresPadrao(agora);
  if (filtro.tipoVisualizacao === 'ATUAL') return { ...padrao, usuarioRastreadorId: filtro.usuarioRastreadorId };
  const inicio = dayjs(filtro.dataInicial).tz(FUSO_HORARIO);
  const fim = dayjs(filtro.dataFinal).tz(FUSO_HORARIO);
  return {
    tipoVisualizacao: 'HISTORICO',
    usuarioRastreadorId: filtro.usuarioRastreadorId,
    dataInicial: inicio.format(FORMATO_DATA),
    horaInicial: inicio.format(FORMATO_HORA),
    dataFinal: fim.format(FORMATO_DATA),
    horaFinal: fim.format(FORMATO_HORA),
  };
}
