import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { formatarCoordenada } from '@/lib/format';

/** '-' when the tracker never reported its battery (or reported a negative value), else 'N%'. */
export const formatarBateria = (bateria: number | null) => (bateria === null || bateria < 0 ? '-' : `${bateria}%`);

/** 'V'/'F' flags as the owner reads them. */
export const simNao = (v: MeuRastreador['economiaBateria']) => (v === 'V' ? 'Sim' : 'Não');

/** A number or '-' when unknown. */
export const numeroOuTraco = (v: number | null) => (v === null ? '-' : String(v));

/** A latitude or longitude with 6 decimals, or '-' when unknown. */
export const coordenadaOuTraco = (v: number | null) => (v === null ? '-' : formatarCoordenada(v));

/** A text or '-' when unknown or empty. */
export const textoOuTraco = (v: string | null) => (v ? v : '-');

/** Speed in Km/h the pt-BR way ('12,5'); '-' when unknown. */
export const formatarVelocidade = (v: number | null) => (v === null ? '-' : v.toLocaleString('pt-BR', { maximumFractionDigits: 1 }));

/**
 * A scan's signal in dBm, always negative: WI-FI rows are stored as -byte dBm, cell (LBS) rows
 * with the byte as the device sent it (docs/protocols/TOPIN.md), so both read alike. '-' when unknown.
 */
export const formatarSinalDbm = (v: number | null) => (v === null ? '-' : String(-Math.abs(v)));
