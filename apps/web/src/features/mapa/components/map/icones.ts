import type L from 'leaflet';
import type { SituacaoEnergia } from '@rastro/shared/dominio';
import { pino } from '@/components/map/pino';

const CORES_ENERGIA: Record<SituacaoEnergia, string> = {
  LIGADO: '#1976d2',
  AGUARDANDO_DESLIGAMENTO: '#ed6c02',
  DESLIGADO: '#757575',
};

/** A pet outside one of its safe zones: a red ring and an exclamation mark. */
const BORDA_FORA = '#d32f2f';

const porEnergia = (fora: boolean) =>
  Object.fromEntries(Object.entries(CORES_ENERGIA).map(([s, cor]) => [s, fora ? pino(cor, '!', 26, BORDA_FORA) : pino(cor)])) as Record<
    SituacaoEnergia,
    L.DivIcon
  >;

// Built once: moving 10,000 markers must not build an icon each.
const dentro = porEnergia(false);
const fora = porEnergia(true);

/** A pet in lost-pet mode: bigger, red, whatever its power state — the one to look for. */
const perdido = pino(BORDA_FORA, '!', 32, '#7f0000');

export const iconeRastreador = (s: SituacaoEnergia, foraDeZona = false, emModoPerdido = false): L.DivIcon =>
  emModoPerdido ? perdido : (foraDeZona ? fora : dentro)[s];
export const iconeInicio = pino('#2e7d32', 'I', 26);
export const iconeFim = pino('#d32f2f', 'F', 26);
/** The route and its points. */
export const COR_ROTA = '#1976d2';
