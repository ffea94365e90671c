import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { encodeAlarm } from '@rastro/topin/device-to-server/encode';
import { conectarTodas, ConexaoDeAparelho } from '../lib/aparelho-topin';
import { agora, type Pedido, type Resposta, type Rota } from './mensagens';

/**
 * The owners' side, in a process of its own: their pets' collars (one TOPIN connection each, which
 * logs in and, when told, writes an SOS) and their phones' push service (an HTTP server where
 * owner `i`'s subscription is `/push/<i>`). The path tells whose message arrived, so the receiver
 * never decrypts: it checks that the POST is an aes128gcm body with a VAPID authorization, notes
 * when it arrived in full and answers 201. (The server's tests check the JWT and the decryption.)
 */

const SOS = Buffer.from(encodeAlarm('sos'));

const responder = (r: Resposta) => process.send?.(r);

/** Per route, when each owner's first message arrived (NaN: not yet). */
const chegadas = new Map<Rota, Float64Array>();
let repetidas = 0;
let recusadas = 0;
let aoChegar: () => void = () => undefined;

function iniciarReceptor(n: number): Promise<number> {
  chegadas.set('push', new Float64Array(n).fill(Number.NaN));
  chegadas.set('base', new Float64Array(n).fill(Number.NaN));
  const servidor = createServer((req, res) => {
    const m = /^\/(push|base)\/(\d+)$/.exec(req.url ?? '');
    const lista = m ? chegadas.get(m[1] as Rota) : undefined;
    const i = Number(m?.[2]);
    const valido =
      req.method === 'POST' &&
      req.headers['content-encoding'] === 'aes128gcm' &&
      /^vapid t=\S+, k=\S+$/.test(req.headers.authorization ?? '') &&
      lista !== undefined &&
      i < lista.length;
    let bytes = 0;
    req.on('data', (c: Buffer) => (bytes += c.length));
    req.on('end', () => {
      const t = agora();
      if (!valido || bytes === 0 || !lista) {
        recusadas++;
        res.writeHead(400).end();
        return;
      }
      if (Number.isNaN(lista[i])) lista[i] = t;
      else repetidas++;
      res.writeHead(201).end();
      aoChegar();
    });
  });
  return new Promise((resolve, reject) => {
    servidor.once('error', reject);
    servidor.listen(0, '127.0.0.1', () => {
      const a = servidor.address();
      if (a && typeof a !== 'string') resolve(a.port);
      else reject(new Error('receptor sem porta'));
    });
  });
}

/** The collars (logged in, quiet until they raise their SOS). */
let coleiras: ConexaoDeAparelho[] = [];

/** Resolves once every owner of `rota` has a message, or when `prazoMs` runs out. */
function esperar(rota: Rota, prazoMs: number) {
  const lista = chegadas.get(rota) ?? new Float64Array(0);
  const faltam = () => lista.some((t) => Number.isNaN(t));
  return new Promise<void>((resolve) => {
    if (!faltam()) return resolve();
    const fim = setTimeout(resolve, prazoMs);
    aoChegar = () => {
      if (faltam()) return;
      clearTimeout(fim);
      aoChegar = () => undefined;
      resolve();
    };
  });
}

async function tratar(p: Pedido) {
  switch (p.tipo) {
    case 'receptor':
      responder({ tipo: 'receptor', porta: await iniciarReceptor(p.n) });
      return;
    case 'conectar': {
      const t = performance.now();
      const r = await conectarTodas(p.imeis.length, (i) => new ConexaoDeAparelho(p.imeis[i] ?? '', p.host, p.porta), p.concorrencia);
      coleiras = r.todas;
      const falhas = r.falhas;
      responder({ tipo: 'conectados', logados: coleiras.filter((c) => c.logado).length, falhas, ms: performance.now() - t });
      return;
    }
    case 'disparar': {
      // Every collar raises its alarm in one go: the frames leave within a few milliseconds.
      const t = performance.now();
      const enviados = coleiras.map((c) => {
        c.socket.write(SOS);
        return agora();
      });
      responder({ tipo: 'disparados', enviados, ms: performance.now() - t });
      return;
    }
    case 'esperar': {
      await esperar(p.rota, p.prazoMs);
      const lista = chegadas.get(p.rota) ?? new Float64Array(0);
      responder({ tipo: 'esperados', chegadas: Array.from(lista, (t) => (Number.isNaN(t) ? null : t)), repetidas, recusadas });
      return;
    }
  }
}

process.on('message', (p: Pedido) => {
  tratar(p).catch((err: unknown) => responder({ tipo: 'erro', mensagem: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
});
process.on('disconnect', () => process.exit(0));
