import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { erroSchema } from '@rastro/shared/schemas/common';
import { acessoNegado } from '../../../lib/erros';
import type { AppInstance } from '../../../lib/tipos';
import { limitPerIp } from '../../../plugins/rate-limit/per-ip';
import { pixDoWebhook } from './cliente-pix';
import { liquidarPix } from './psp-service';

const iguais = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The PSP's webhook (API Pix callback `{webhookUrl}/pix`), while a PSP is configured. Only the PSP
 * can say a charge was paid: the URL carries PIX_WEBHOOK_SEGREDO (the proxy in front terminates the
 * mutual TLS), a wrong one changes nothing and answers 403, and the logs never show it
 * (lib/log.ts); callbacks are limited per address (PIX_WEBHOOK_LIMITE_MINUTO). Each Pix settles its charge once; the PSP gets 200 once they are recorded.
 */
export async function webhookPixModule(app: AppInstance) {
  const psp = app.config.pagamentos.psp;
  if (!psp) return;
  const log = app.log.child({ modulo: 'pagamentos' });
  app.post('/api/pix/webhook/:segredo/pix', {
    config: { rateLimit: false },
    onRequest: limitPerIp(app.limiter, 'pix-webhook', psp.limitePorMinuto, 60_000),
    schema: {
      tags: ['Pagamentos'],
      summary: 'Webhook do PSP (API Pix): os Pix recebidos liquidam as suas cobranças, uma vez cada',
      params: z.object({ segredo: z.string().max(256) }),
      body: z.object({ pix: z.array(z.unknown()).max(1000) }),
      response: { 200: z.object({}), 400: erroSchema, 403: erroSchema, 429: erroSchema },
    },
    handler: async (req) => {
      if (!iguais(req.params.segredo, psp.segredo)) {
        log.warn({ ip: req.ip }, 'webhook Pix com segredo errado');
        throw acessoNegado();
      }
      await liquidarPix(app, pixDoWebhook(req.body), log);
      return {};
    },
  });
}
