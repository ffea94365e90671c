import { percentil } from '../lib/stats';
import type { Etapas } from './cadastro';

/**
 * Where each message's time went, from the queue's log (cadastro.ts): SOS frame → queued (the
 * gateway and the alarm's statements), queued → claimed (waiting for earlier rounds of the
 * sender), claimed → received (building and POSTing it within its round); and the rounds
 * themselves (one claim each: its size, how long until its delete, the pause until the next).
 */
export function resumoDasEtapas(enviados: readonly number[], chegadas: readonly (number | null)[], log: readonly Etapas[]): string[] {
  const fila: number[] = [];
  const espera: number[] = [];
  const envio: number[] = [];
  for (const e of log) {
    const enviado = enviados[e.i];
    const chegou = chegadas[e.i];
    if (enviado === undefined || chegou === undefined || chegou === null) continue;
    fila.push(e.enfileirado - enviado);
    espera.push(e.reservado - e.enfileirado);
    envio.push(chegou - e.reservado);
  }
  const p = (v: number[]) => {
    const a = Float64Array.from(v);
    return `p50 ${percentil(a, 50).toFixed(0)} / p99 ${percentil(a, 99).toFixed(0)} ms`;
  };
  const rodadas = new Map<string, { reservado: number; apagado: number; n: number }>();
  for (const e of log) {
    const k = e.reservado.toFixed(3);
    const r = rodadas.get(k) ?? { reservado: e.reservado, apagado: e.apagado, n: 0 };
    r.apagado = Math.max(r.apagado, e.apagado);
    r.n++;
    rodadas.set(k, r);
  }
  const ordem = [...rodadas.values()].sort((a, b) => a.reservado - b.reservado);
  const duracoes = Float64Array.from(ordem, (r) => r.apagado - r.reservado);
  // A round no longer waits for its answers: the next one may claim before this one's last delete (negative).
  const pausas = ordem.slice(1).map((r, k) => r.reservado - (ordem[k]?.apagado ?? r.reservado));
  const primeiroSos = Math.min(...enviados);
  const novas = log.filter((e) => e.tentativas > 1).length;
  return [
    `etapas por mensagem (${envio.length} no registro da fila): quadro SOS → na fila ${p(fila)}; na fila → reservada ${p(espera)}; reservada → recebida ${p(envio)}`,
    `rodadas do entregador: ${ordem.length}, de ${ordem.map((r) => r.n).join(', ')} mensagens; cada uma (reserva → delete) ${percentil(duracoes, 50).toFixed(0)} ms na mediana, ` +
      `${percentil(duracoes, 100).toFixed(0)} ms a maior; da última entrega de uma à reserva da seguinte (negativo: sobrepostas) ${pausas.length ? (pausas.reduce((s, x) => s + x, 0) / pausas.length).toFixed(1) : '–'} ms em média; ` +
      `primeira reserva ${ordem[0] ? (ordem[0].reservado - primeiroSos).toFixed(0) : '–'} ms depois do primeiro SOS${novas ? `; ${novas} mensagens entregues numa nova tentativa` : ''}`,
  ];
}
