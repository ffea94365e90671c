/**
 * The names under which the app keeps things in this browser's localStorage. A module of its own,
 * with no imports: the map's preview (src/previa, drawn before the app's code runs) reads them too.
 */

/** Who is logged in (lib/sessao.ts). */
export const CHAVE_DA_SESSAO = 'rastro_sessao';

/**
 * What the app keeps for the logged user besides the session: the map's last markers
 * (features/mapa/api/marcadores-guardados.ts) and the map's last view
 * (features/mapa/api/vista-guardada.ts). A logout removes them with the session.
 */
export const DADOS_LOCAIS_DO_USUARIO = { marcadores: 'rastro_marcadores', vistaDoMapa: 'rastro_mapa_vista' } as const;

/** Kept markers older than this say too little to show: ignored (the map and its preview alike). */
export const IDADE_MAXIMA_DOS_MARCADORES_MS = 7 * 24 * 60 * 60 * 1000;
