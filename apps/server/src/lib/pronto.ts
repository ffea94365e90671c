/** What a server started with an IPC channel (`npm run demo`) sends its parent once it listens. */
export const SERVIDOR_PRONTO = 'rastro:pronto';

/**
 * Tells the parent process, when it asked through an IPC channel, that the HTTP server and the
 * gateway are listening. Without a channel it does nothing; a parent already gone is ignored.
 */
export function avisarQueEstaPronto() {
  process.send?.(SERVIDOR_PRONTO, undefined, undefined, () => undefined);
}
