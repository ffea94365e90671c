import { createServer, type Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { TopinFramer } from '@rastro/topin/framer';
import { MSG as TIPO } from '@rastro/topin/message';
import { ackFor, loginReply } from '@rastro/topin/server-to-device/encode';
import { cpuProprioMs, cpuSistemaMs } from '../lib/cpu';
import { dormir } from '../lib/stats';
import type { Grupo } from './cadastro';
import type { Filho } from './filho';
import type { Pedido, Resposta } from './mensagens';

/**
 * The floor under the gateway's CPU per position (issue #36): a bare TCP server in this process
 * that frames TOPIN, accepts every login and acks each fix as it arrives — no decoding, no
 * database, no events. The same devices drive it as they drive the gateway, with as many fixes in
 * flight, so its CPU per frame is what the exchange itself costs on this machine (reading the fix,
 * writing its ack, the kernel's loopback work on both), which no gateway can go below.
 */
export async function medirPiso(disp: Filho<Pedido, Resposta>, g: Grupo, janela: number, aquecimentoS: number, medidaS: number) {
  let frames = 0;
  const abertos = new Set<Socket>();
  const servidor = createServer((socket: Socket) => {
    abertos.add(socket);
    socket.on('close', () => abertos.delete(socket));
    socket.setNoDelay(true);
    const framer = new TopinFramer({ maxBuffer: 4096 });
    socket.on('data', (chunk: Buffer) => {
      for (const f of framer.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))) {
        if (f.type === TIPO.LOGIN) {
          socket.write(loginReply(true));
          continue;
        }
        frames++;
        const ack = ackFor(f);
        if (ack) socket.write(ack);
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => servidor.listen(0, '127.0.0.1', resolve));
  const endereco = servidor.address();
  const porta = typeof endereco === 'object' && endereco ? endereco.port : 0;
  try {
    const imeis = g.rastreadores.map((r) => r.imei);
    await disp.pedir(
      { tipo: 'carga', grupo: 'piso', host: '127.0.0.1', porta, imeis, posicoes: g.posicoes, janela, concorrencia: 200 },
      'prontos',
    );
    disp.avisar({ tipo: 'enviar', grupo: 'piso' });
    await dormir(aquecimentoS * 1000);
    disp.avisar({ tipo: 'medir', fase: 'piso' });
    const [f0, c0, k0, t0] = [frames, cpuProprioMs(), cpuSistemaMs(), performance.now()];
    await dormir(medidaS * 1000);
    const [n, cpuMs, nucleoMs, s] = [frames - f0, cpuProprioMs() - c0, cpuSistemaMs() - k0, (performance.now() - t0) / 1000];
    const fim = await disp.pedir({ tipo: 'parar' }, 'carga-fim');
    await disp.pedir({ tipo: 'soltar', grupo: 'piso' }, 'soltos');
    return {
      porSegundo: n / s,
      usPorFrame: n > 0 ? (cpuMs * 1000) / n : Number.NaN,
      nucleoUsPorFrame: n > 0 ? (nucleoMs * 1000) / n : Number.NaN,
      aparelhosUsPorFrame: fim.acksMedidos > 0 ? (fim.cpuMs * 1000) / fim.acksMedidos : Number.NaN,
    };
  } finally {
    for (const s of abertos) s.destroy();
    await new Promise<void>((resolve) => servidor.close(() => resolve()));
  }
}
