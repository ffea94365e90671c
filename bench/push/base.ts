import http from 'node:http';
import { performance } from 'node:perf_hooks';
import webpush from 'web-push';
import { cpuProprioMs } from '../lib/cpu';
import type { Inscricao } from './cadastro';
import { agora } from './mensagens';

/**
 * The baseline: the same number of messages, of the same size, built by web-push as the server
 * builds them (aes128gcm, a VAPID JWT, TTL and urgency) and POSTed to the same receiver straight
 * from this process, all at once: no alarm, no database, no queue. What is left of the latency is
 * the encryption, the signing and HTTP on loopback, on this machine.
 */
export async function baseDireta(s: readonly Inscricao[], payload: (i: number) => string) {
  const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:bench@rastro.local' };
  const agente = new http.Agent({ keepAlive: true });
  let cifrarMs = 0;
  let falhas = 0;
  const cpu0 = cpuProprioMs();
  const inicio = agora();
  const pedidos = s.map((inscricao, i) => {
    const t = performance.now();
    const pedido = webpush.generateRequestDetails(inscricao, payload(i), {
      vapidDetails: vapid,
      TTL: 86_400,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    });
    cifrarMs += performance.now() - t;
    return new Promise<void>((resolve) => {
      const req = http.request(inscricao.endpoint, { method: 'POST', headers: pedido.headers, agent: agente }, (res) => {
        res.resume();
        if (res.statusCode !== 201) falhas++;
        resolve();
      });
      req.on('error', () => {
        falhas++;
        resolve();
      });
      req.end(pedido.body);
    });
  });
  await Promise.all(pedidos);
  const cpuMs = cpuProprioMs() - cpu0;
  agente.destroy();
  return { inicio, cifrarMs, cpuMs, falhas };
}
