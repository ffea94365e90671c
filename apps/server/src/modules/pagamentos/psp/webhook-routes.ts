import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { erroSchema } from '@rastro/shared/schemas/common';
import { acessoNegado } from '../../../lib/erros';
import type { AppInstance } from '../../../lib/tipos';
import { limitPerIp } from '../../../plugins/rate-limit/per-ip';
import { aplicarCobrancasRecorrentes, aplicarRecorrencias } from './automatico-service';
import { cobrancasRecorrentesDoWebhook, pixDoWebhook, recorrenciasDoWebhook } from './cliente-pix';
import { liquidarPix } from './psp-service';

const iguais = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The PSP's webhooks (API Pix callbacks `{webhookUrl}/pix`, and with Pix Automático `/rec` and
 * `/cobr`), while a PSP is configured. Only the PSP
 * can say a charge was paid: the URL carries PIX_WEBHOOK_SEGREDO (the proxy in front terminates the
 * mutual TLS), a wrong one changes nothing and answers 403, and the logs never show it
 * (lib/log.ts); callbacks are limited per address (PIX_WEBHOOK_LIMITE_MINUTO). Each Pix settles its charge once; the PSP gets 200 once they are recorded.
 */
export async function webhookPixModule(app: AppInstance) {
  const psp = app.config.pagamentos.psp;
  if (!psp) return;
  const log = app.log.child({ modulo: 'pagamentos' });
  const limite = limitPerIp(app.limiter, 'pix-webhook', psp.limitePorMinuto, 60_000);
  const autenticar = (segredo: string, ip: string) => {
    if (!iguais(segredo, psp.segredo)) {
      log.warn({ ip }, 'webhook Pix com segredo errado');
      throw acessoNegado();
    }
  };
  const params = z.object({ segredo: z.string().max(256) });
  const response = { 200: z.object({}), 400: erroSchema, 403: erroSchema, 429: erroSchema };
  /** One callback: `{webhookUrl}/<sufixo>` with `{ <lista>: [...] }`, authenticated, limited, then `tratar`. */
  const callback = (sufixo: string, lista: string, summary: string, tratar: (corpo: unknown) => Promise<unknown>) =>
    app.post(`/api/pix/webhook/:segredo/${sufixo}`, {
      config: { rateLimit: false },
      onRequest: limite,
      schema: { tags: ['Pagamentos'], summary, params, body: z.object({ [lista]: z.array(z.unknown()).max(1000) }), response },
      handler: async (req) => {
        autenticar(req.params.segredo, req.ip);
        await tratar(req.body);
        return {};
      },
    });

  callback('pix', 'pix', 'Webhook do PSP (API Pix): os Pix recebidos liquidam as suas cobranças, uma vez cada', (c) =>
    liquidarPix(app, pixDoWebhook(c), log),
  );
  if (!psp.contaRecebedor) return;
  callback('rec', 'recs', 'Webhook do PSP (Pix Automático): a autorização de uma recorrência pelo dono, no app do banco', (c) =>
    aplicarRecorrencias(app, recorrenciasDoWebhook(c), log),
  );
  callback('cobr', 'cobsr', 'Webhook do PSP (Pix Automático): cobranças recorrentes debitadas (liquidam, uma vez cada) ou recusadas', (c) =>
    aplicarCobrancasRecorrentes(app, cobrancasRecorrentesDoWebhook(c), log),
  );
}
