import type { SQL } from 'drizzle-orm';
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

/** The links of these trackers, by tracker id (absent: unlinked): a tracker's detail and save (the list uses `VinculoNaLista`). */
export type VinculosDosRastreadores = (db: Executor, rastreadorIds: readonly number[]) => Promise<ReadonlyMap<number, VinculoDoRastreador>>;

/**
 * The admin list's link columns inside the list's own statement, one round trip per page (a second
 * query per page cost the list 0.4 of the baseline's CPU, bench/api `lista`): given the SQL of the
 * tracker's id, a subquery yielding at most one row with `descricao` and `usuario_nome`, joined
 * laterally. SQL handed in at composition, so the list never names the link's tables.
 */
export type VinculoNaLista = (rastreadorId: SQL) => SQL;

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
  vinculoNaLista: VinculoNaLista;
  ultimaLocalizacao: UltimaLocalizacaoDoRastreador;
  comandosPendentes: ComandosPendentes;
}
