import { z } from 'zod/mini';
import { marcadoresSchema, type Marcador } from '@rastro/shared/schemas/mapa';
import { DADOS_LOCAIS_DO_USUARIO, IDADE_MAXIMA_DOS_MARCADORES_MS } from '@/lib/dados-locais';

export { donoDaSessao } from './dono';

/**
 * The owner's last known markers (every pet's latest position), kept in this browser so that a
 * repeat visit draws them at once while the fresh ones load (issue #33; ADR 0022). One entry, of
 * one user: whoever reads it must be who wrote it, else it is ignored and removed. Only the
 * markers and when they were current are stored — no token. A logout removes it (lib/sessao.ts).
 */
const CHAVE = DADOS_LOCAIS_DO_USUARIO.marcadores;

/** Older than this, the positions say too little to show: ignored. */
export const IDADE_MAXIMA_MS = IDADE_MAXIMA_DOS_MARCADORES_MS;
/** Past this size (characters of JSON; ~500 per pet) nothing is stored: the cache must stay small. */
export const TAMANHO_MAXIMO = 256 * 1024;
/** Bumped when the stored shape changes: older entries are ignored. */
const VERSAO = 1;

const guardadoSchema = z.object({
  versao: z.literal(VERSAO),
  dono: z.string(),
  salvoEm: z.number(),
  marcadores: marcadoresSchema,
});

export interface Guardados {
  marcadores: Marcador[];
  /** When these markers were current (ms since the epoch): the last answer or live update. */
  salvoEm: number;
}

function remover() {
  try {
    window.localStorage.removeItem(CHAVE);
  } catch {
    // Storage unavailable (disabled, private mode): nothing was kept.
  }
}

/** The markers `dono` saw last, or null: none, another user's, too old, or unreadable (then removed). */
export function lerGuardados(dono: string | null, agora = Date.now()): Guardados | null {
  if (dono === null) return null;
  let texto: string | null;
  try {
    texto = window.localStorage.getItem(CHAVE);
  } catch {
    return null;
  }
  if (texto === null) return null;
  let valor: unknown;
  try {
    valor = JSON.parse(texto);
  } catch {
    valor = undefined;
  }
  const lido = guardadoSchema.safeParse(valor);
  const valido = lido.success && lido.data.dono === dono && agora - lido.data.salvoEm <= IDADE_MAXIMA_MS && lido.data.salvoEm <= agora;
  if (!valido) {
    remover();
    return null;
  }
  return { marcadores: lido.data.marcadores, salvoEm: lido.data.salvoEm };
}

/** Keeps `marcadores` as what `dono` saw at `salvoEm`, replacing whatever was kept (any user's). */
export function guardar(dono: string, marcadores: readonly Marcador[], salvoEm: number) {
  const texto = JSON.stringify({ versao: VERSAO, dono, salvoEm, marcadores });
  if (texto.length > TAMANHO_MAXIMO) {
    remover();
    return;
  }
  try {
    window.localStorage.setItem(CHAVE, texto);
  } catch {
    // Quota exceeded or storage unavailable: the map still works, only without the cache.
    remover();
  }
}
