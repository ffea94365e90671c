import { parseArgs } from 'node:util';
import { Dispositivo } from './dispositivo';
import { Pet, radioEnvironment, seededRandom, spreadHome } from './pet';

/** CLI: npm run simulate -- --trackers 5 --interval 5 */

const USAGE = `Uso: npm run simulate -- [opções]
  --trackers N     número de rastreadores (padrão 3)
  --interval S     segundos entre posições (padrão 10)
  --host H         endereço do gateway TOPIN (padrão 127.0.0.1)
  --port P         porta do gateway (padrão TOPIN_PORT ou 5199)
  --imei-base B    IMEIs = B+1..B+N, 15 dígitos (padrão 359339080100000)
  --lat/--lng      ponto de casa (padrão -23.5614,-46.6559, São Paulo; negativo: --lat=-23.5614)
  --seed S         semente do gerador aleatório (padrão: aleatória)
  --fuga MIN       o 1º pet (casa em --lat/--lng) foge de casa a cada MIN minutos lá (padrão: nunca)
  --fuga-distancia M
                   até quantos metros de casa ele corre e fica um minuto (padrão 250)
  --fuga-raio M    até quantos metros de casa ele anda fora das fugas (padrão 60)`;

function fail(msg: string): never {
  console.error(`${msg}\n\n${USAGE}`);
  process.exit(2);
}

function num(name: string, value: string | undefined, fallback: number, check: (n: number) => boolean): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || !check(n)) fail(`Valor inválido para --${name}: '${value}'`);
  return n;
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        trackers: { type: 'string' },
        interval: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        port: { type: 'string' },
        'imei-base': { type: 'string', default: '359339080100000' },
        lat: { type: 'string' },
        lng: { type: 'string' },
        seed: { type: 'string' },
        fuga: { type: 'string' },
        'fuga-distancia': { type: 'string' },
        'fuga-raio': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
})();

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const trackers = num('trackers', values.trackers, 3, (n) => Number.isInteger(n) && n >= 1 && n <= 10_000);
const intervalS = num('interval', values.interval, 10, (n) => n >= 1 && n <= 65_535);
const port = num('port', values.port ?? process.env.TOPIN_PORT, 5199, (n) => Number.isInteger(n) && n > 0 && n < 65_536);
const lat = num('lat', values.lat, -23.5614, (n) => Math.abs(n) <= 85);
const lng = num('lng', values.lng, -46.6559, (n) => Math.abs(n) <= 180);
const fugaMin = num('fuga', values.fuga, 0, (n) => n > 0 && n <= 1440);
const fugaDistancia = num('fuga-distancia', values['fuga-distancia'], 250, (n) => n >= 1 && n <= 50_000);
const fugaRaio = num('fuga-raio', values['fuga-raio'], 60, (n) => n >= 1 && n <= 50_000);
const seed = num('seed', values.seed, Math.floor(Math.random() * 2 ** 31), Number.isInteger);
if (!/^\d{1,15}$/.test(values['imei-base'])) fail(`--imei-base precisa de até 15 dígitos: '${values['imei-base']}'`);
const imeiBase = BigInt(values['imei-base']);
if (imeiBase + BigInt(trackers) > 999_999_999_999_999n) fail('--imei-base + --trackers passa de 15 dígitos');

const log = (line: string) => console.log(`${new Date().toLocaleTimeString('pt-BR')} ${line}`);
const spread = seededRandom(seed);
const dispositivos: Dispositivo[] = [];
for (let i = 0; i < trackers; i++) {
  const imei = (imeiBase + BigInt(i + 1)).toString().padStart(15, '0');
  const random = seededRandom(seed + (i + 1) * 7919);
  const home = spreadHome(lat, lng, i, spread);
  // The escaping pet keeps to its yard otherwise, so that only its escapes leave a zone around home.
  const foge = i === 0 && fugaMin > 0;
  const pet = foge
    ? new Pet({
        homeLat: home.lat,
        homeLng: home.lng,
        random,
        radiusM: fugaRaio,
        fuga: { intervaloS: fugaMin * 60, distanciaM: fugaDistancia },
      })
    : new Pet({ homeLat: home.lat, homeLng: home.lng, random });
  const dispositivo = new Dispositivo({ imei, host: values.host, port, intervalS, pet, radio: radioEnvironment(random), random, log });
  dispositivos.push(dispositivo);
}

log(`Simulando ${trackers} rastreador(es) em ${values.host}:${port}, a cada ${intervalS} s (semente ${seed})`);
if (fugaMin > 0) log(`O 1º pet anda até ${fugaRaio} m de casa e foge até ${fugaDistancia} m a cada ${fugaMin} min`);
// Staggered so that many trackers do not all log in on the same millisecond.
dispositivos.forEach((d, i) => setTimeout(() => d.start(), Math.min(i * 50, 5000)));

let stopping = false;
function shutdown(): void {
  if (stopping) process.exit(130);
  stopping = true;
  log('Encerrando o simulador...');
  for (const d of dispositivos) d.stop();
  setTimeout(() => process.exit(0), 1000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
