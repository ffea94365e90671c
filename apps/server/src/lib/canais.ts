/** PostgreSQL NOTIFY channels shared by the API and the gateway (possibly other instances). */
export const CANAL_COMANDOS = 'rastro_comandos';
/**
 * Live events: `{"r":[rastreadorIds],"u":[usuarioIds]}` whose data changed (positions, status,
 * notifications); `rm` links removed, `pg` users whose payments changed (ao-vivo/hub.ts).
 */
export const CANAL_EVENTOS = 'rastro_eventos';
/** Safe zones changed: the ids of the trackers they apply to (before and after), comma-separated. */
export const CANAL_ZONAS = 'rastro_zonas';
/** A push message was queued: the senders wake up (empty payload). */
export const CANAL_PUSH = 'rastro_push';
/** A share link was revoked: its id. Every instance closes that link's live streams. */
export const CANAL_LINKS = 'rastro_links';
