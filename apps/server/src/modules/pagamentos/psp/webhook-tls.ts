import type { ServerResponse } from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import { MSG } from '@rastro/shared/messages';
import { MSG_PIX } from '@rastro/shared/pix';
import type { AppInstance } from '../../../lib/tipos';

const CAMINHO = '/api/pix/webhook/';

/**
 * PIX_WEBHOOK_PORTA: the webhook's own HTTPS listener, for a server the PSP reaches directly, with
 * mutual TLS as the API Pix expects. A caller whose client certificate was not signed by
 * PIX_WEBHOOK_CA_FILE (the PSP's CA), or who shows none, gets 401 and changes nothing; a caller
 * with one goes through the same webhook routes as behind a proxy (secret in the URL, limit per
 * address). Nothing but the webhook is served on this port (404).
 */
export async function webhookTlsModule(app: AppInstance) {
  const tls = app.config.pagamentos.psp?.webhookTls;
  if (!tls) return;
  const log = app.log.child({ modulo: 'pagamentos' });
  const responder = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ status, message }));
  };
  const servidor = https.createServer(
    // The handshake accepts any certificate so the refusal is an HTTP answer the PSP can log, not a reset.
    { key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      if (!(req.socket as TLSSocket).authorized) {
        log.warn({ ip: req.socket.remoteAddress }, 'webhook Pix sem certificado de cliente do PSP');
        req.resume();
        responder(res, 401, MSG_PIX.certificadoDoPspInvalido);
        return;
      }
      if (req.method !== 'POST' || !(req.url ?? '').startsWith(CAMINHO)) {
        req.resume();
        responder(res, 404, MSG.naoEncontrado);
        return;
      }
      app.routing(req, res);
    },
  );
  servidor.on('tlsClientError', () => undefined);
  app.addHook('onReady', async () => {
    await new Promise<void>((resolve, reject) => {
      servidor.once('error', reject);
      servidor.listen(tls.porta, app.config.host, () => {
        servidor.off('error', reject);
        resolve();
      });
    });
  });
  app.addHook('onClose', async () => {
    servidor.closeAllConnections();
    await new Promise<void>((resolve) => servidor.close(() => resolve()));
  });
}
