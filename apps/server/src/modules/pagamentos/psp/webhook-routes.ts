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

  app.post('/api/pix/webhook/:segredo/pix', {
    config: { rateLimit: false },
    onRequest: limite,
    schema: {
      tags: ['Pagamentos'],
      summary: 'Webhook do PSP (API Pix): os Pix recebidos liquidam as suas cobranças, uma vez cada',
      params,
      body: z.object({ pix: z.array(z.unknown()).max(1000) }),
      response,
    },
    handler: async (req) => {
      autenticar(req.params.segredo, req.ip);
      await liquidarPix(app, pixDoWebhook(req.body), log);
      return {};
    },
  });

  if (!psp.contaRecebedor) return;
  app.post('/api/pix/webhook/:segredo/rec', {
    config: { rateLimit: false },
    onRequest: limite,
    schema: {
      tags: ['Pagamentos'],
      summary: 'Webhook do PSP (Pix Automático): a autorização de uma recorrência pelo dono, no app do banco',
      params,
      body: z.object({ recs: z.array(z.unknown()).max(1000) }),
      response,
    },
    handler: async (req) => {
      autenticar(req.params.segredo, req.ip);
      await aplicarRecorrencias(app, recorrenciasDoWebhook(req.body), log);
      return {};
    },
  });

  app.post('/api/pix/webhook/:segredo/cobr', {
    config: { rateLimit: false },
    onRequest: limite,
    schema: {
      tags: ['Pagamentos'],
      summary: 'Webhook do PSP (Pix Automático): cobranças recorrentes debitadas (liquidam, uma vez cada) ou recusadas',
      params,
      body: z.object({ cobsr: z.array(z.unknown()).max(1000) }),
      response,
    },
    handler: async (req) => {
      autenticar(req.params.segredo, req.ip);
      await aplicarCobrancasRecorrentes(app, cobrancasRecorrentesDoWebhook(req.body), log);
      return {};
    },
  });
}
