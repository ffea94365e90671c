import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zonaFormSchema } from '@rastro/shared/schemas/zonas';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seed } from '../seed';
import { rastreadorPorImei } from '../modules/meus-rastreadores/service';
import { criarZona, listarZonas } from '../modules/zonas/service';
import { DEMO, prepararDemo } from './demo-dados';
import { garantirParticoes } from '../modules/localizacoes/particoes';
import { SERVIDOR_PRONTO } from '../lib/pronto';
import { planosDaDemonstracao } from '../modules/pagamentos/planos-service';

/**
 * `npm run demo`: prepares a demo owner with three linked trackers and a safe zone around the
 * first pet's home, starts the product and the simulator, so a newcomer sees pets moving and
 * THOR escaping from home every few minutes. Ctrl+C stops everything.
 */
const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * THOR's home (the simulator's first pet lives on --lat/--lng) and its safe zone. It roams its
 * 60 m yard, well inside 120 m even with a GPS fix's 20 m uncertainty, and runs off to 250 m,
 * well past the zone's border plus the 50 m that decide on one fix.
 */
const CASA = { nome: 'CASA', latitude: -23.5614, longitude: -46.6559, raioMetros: 120 };
/** Payments on with static Pix codes (issue #35), so the payment screens can be seen; the operator's own variables win. */
const PIX_DA_DEMONSTRACAO = {
  PIX_CHAVE: 'pagamentos@demo.rastro.local',
  PIX_RECEBEDOR_NOME: 'Rastro Demonstração',
  PIX_RECEBEDOR_CIDADE: 'São Paulo',
};
const FUGA = { aCadaMinutos: 2, distanciaMetros: 250, quintalMetros: 60 };

/** The zone CASA around THOR's home, alerting on leaving and on coming back (kept if it exists). */
async function prepararZona(database: Database, donoId: number) {
  if ((await listarZonas(database.db, donoId)).some((z) => z.nome === CASA.nome)) return;
  const thor = await rastreadorPorImei(database.db, String(DEMO.imeiBase + 1));
  if (thor?.donoId !== donoId) {
    process.stderr.write(`O rastreador de ${DEMO.pets[0]} não é da dona da demonstração: sem zona ${CASA.nome}.\n`);
    return;
  }
  const form = zonaFormSchema.parse({ ...CASA, tipo: 'CIRCULO', rastreadorIds: [thor.id], alertarSaida: true, alertarEntrada: true });
  await criarZona({ db: database.db, database }, donoId, form);
}

async function main() {
  const config = loadConfig();
  // PGlite allows one process at a time: prepare the data, close, then start the server.
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await db.migrate(async (d) => {
    await garantirParticoes(d, config.retencao);
    return seed(d, config.admin);
  });
  const { donoId } = await prepararDemo(db.db);
  await prepararZona(db, donoId);
  await planosDaDemonstracao(db.db);
  await db.close();

  // Built on first use, as `npm start` does (an explicit WEB_DIST is the operator's business).
  if (!config.webDist && !existsSync(path.join(raiz, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@rastro/web'], { cwd: raiz, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  // An IPC channel: main.ts says 'pronto' once its HTTP server and gateway are listening. Polling
  // /health instead would take a previous run still holding the port for this server.
  const servidor = spawn(process.execPath, ['--import', 'tsx', path.join(raiz, 'apps/server/src/main.ts')], {
    cwd: raiz,
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...PIX_DA_DEMONSTRACAO, ...process.env },
  });
  const saiu = fimDe(servidor);
  const filhos: ChildProcess[] = [servidor];
  let parando = false;
  const parar = () => {
    parando = true;
    for (const f of filhos) f.kill('SIGTERM');
  };
  process.on('SIGINT', parar);
  process.on('SIGTERM', parar);

  const pronto = new Promise<'pronto'>((resolve) => servidor.on('message', (m) => m === SERVIDOR_PRONTO && resolve('pronto')));
  if ((await Promise.race([pronto, saiu])) !== 'pronto' || parando) {
    const codigo = await saiu;
    if (!parando) process.stderr.write('\n  O servidor do Rastro não subiu (o erro está acima): a demonstração foi encerrada.\n\n');
    process.exit(parando ? codigo : codigo || 1);
  }
  if (servidor.connected) servidor.disconnect();

  const simulador = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(raiz, 'tools/simulator/src/main.ts'),
      '--trackers',
      String(DEMO.pets.length),
      '--interval',
      '5',
      '--imei-base',
      String(DEMO.imeiBase),
      '--port',
      String(config.topinPort),
      // A negative value has to be glued to its flag (parseArgs).
      `--lat=${CASA.latitude}`,
      `--lng=${CASA.longitude}`,
      '--fuga',
      String(FUGA.aCadaMinutos),
      '--fuga-distancia',
      String(FUGA.distanciaMetros),
      '--fuga-raio',
      String(FUGA.quintalMetros),
    ],
    { cwd: raiz, stdio: 'inherit' },
  );
  filhos.push(simulador);
  const simuladorSaiu = fimDe(simulador);
  process.stdout.write(
    `\n  Demonstração do Rastro em ${config.appUrl}\n    dono:  ${DEMO.email}\n    senha: ${DEMO.senha}\n  Três pets (${DEMO.pets.join(', ')}) andando pelo mapa;\n  ${DEMO.pets[0]} foge da zona ${CASA.nome} a cada poucos minutos. Ctrl+C encerra.\n\n`,
  );
  // The server gone, the simulator goes too (alone it would fight the next run for the same
  // IMEIs), and the demo ends with the server's code once both have exited.
  const codigo = await saiu;
  simulador.kill('SIGTERM');
  await simuladorSaiu;
  process.exit(codigo);
}

/** The exit code of a child process once it exited (1 when a signal ended it). */
function fimDe(filho: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    if (filho.exitCode !== null || filho.signalCode !== null) resolve(filho.exitCode ?? 1);
    else filho.once('exit', (code) => resolve(code ?? 1));
  });
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha na demonstração: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
