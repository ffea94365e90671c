import type { Zona } from '@rastro/shared/schemas/zonas';

/** How the owner reads a zone's fields in the list. */

/** '150 m' or '2,5 km'. */
export function formatarDistancia(metros: number): string {
  if (metros < 1000) return `${Math.round(metros)} m`;
  return `${(metros / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} km`;
}

/** 'Círculo de 150 m' or 'Polígono de 5 pontos'. */
export const formatarFormato = (z: Pick<Zona, 'tipo' | 'raioMetros' | 'pontos'>) =>
  z.tipo === 'CIRCULO' ? `Círculo de ${formatarDistancia(z.raioMetros ?? 0)}` : `Polígono de ${z.pontos.length} pontos`;

/** 'Saída', 'Entrada' or 'Saída e entrada'. */
export function formatarAlertas(z: Pick<Zona, 'alertarSaida' | 'alertarEntrada'>): string {
  if (z.alertarSaida && z.alertarEntrada) return 'Saída e entrada';
  return z.alertarSaida ? 'Saída' : z.alertarEntrada ? 'Entrada' : '-';
}

/** The names of the zone's trackers ('Nenhum' when it applies to none). */
export function formatarRastreadores(ids: readonly number[], nomes: ReadonlyMap<number, string>): string {
  if (ids.length === 0) return 'Nenhum';
  return ids.map((id) => nomes.get(id) ?? `#${id}`).join(', ');
}
