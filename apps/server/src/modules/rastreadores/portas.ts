import type { Executor } from '../../db/client';

/** A tracker's link as the administrator sees it: the owner and the pet's settings. */
export interface VinculoDoRastreador {
  descricao: string;
  usuarioId: number | null;
  usuarioNome: string | null;
  usuarioEmail: string | null;
  intervaloLocalizacao: number;
  economiaBateria: string;
  ultraEconomiaBateria: string;
}

/** The links of these trackers, by tracker id (absent: unlinked). One query for a whole page. */
export type VinculosDosRastreadores = (db: Executor, rastreadorIds: readonly number[]) => Promise<ReadonlyMap<number, VinculoDoRastreador>>;

/** Where a tracker was last seen (undefined: never). */
export type UltimaLocalizacaoDoRastreador = (
  db: Executor,
  rastreadorId: number,
) => Promise<{ latitude: number; longitude: number; dataHora: Date; tipo: string } | undefined>;

/** How many commands to the tracker are queued or sent and not yet answered. */
export type ComandosPendentes = (db: Executor, rastreadorId: number) => Promise<number>;

/** What the module is handed at composition (modules/index.ts): links, positions and commands sit above it. */
export interface PortasRastreadores {
  vinculosDosRastreadores: VinculosDosRastreadores;
  ultimaLocalizacao: UltimaLocalizacaoDoRastreador;
  comandosPendentes: ComandosPendentes;
}
