import { ajustarV8 } from './lib/v8';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seed } from './seed';
import { garantirParticoes } from './modules/localizacoes/particoes';
import { buildApp } from './app';
import { encerrarLog, saidaDoLog } from './lib/log';
import { avisarQueEstaPronto } from './lib/pronto';

/** Reads the config, prepares the database, listens, and closes gracefully on a signal. */
async function main() {
  ajustarV8();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  // The seed runs under the migrations' lock: instances booting together on an empty database take
  // turns; so does the first creation of the monthly partitions, before any position arrives.
  const seeded = (await database.migrate(async (db) => {
    await garantirParticoes(db, config.retencao);
    return seed(db, config.admin);
  })) ?? { adminCriado: false };
  const saidaLog = saidaDoLog();
  const app = await buildApp({ config, database, logger: { stream: saidaLog }, gateway: config.role !== 'api' });
  if (seeded.adminCriado) {
    app.log.info({ email: config.admin.email }, 'administrador inicial criado');
    if (seeded.senhaGeradaAdmin) {
      // Printed once, to the terminal only (never to the structured log).
      process.stdout.write(
        `\n  Administrador inicial criado:\n    e-mail: ${config.admin.email}\n    senha:  ${seeded.senhaGeradaAdmin}\n  Guarde esta senha: ela não será mostrada de novo.\n\n`,
      );
    }
  }

  let fechando = false;
  const fechar = async (sinal: string) => {
    if (fechando) return;
    fechando = true;
    // Armed before anything else, logging included: nothing may keep the process from stopping.
    const forcar = setTimeout(() => process.exit(1), 10_000);
    forcar.unref();
    app.log.info({ sinal }, 'encerrando');
    try {
      // Stops the HTTP server, then the gateway and every background task (app.ts).
      await app.close();
      await database.close();
      await encerrarLog(saidaLog);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'erro ao encerrar');
      await encerrarLog(saidaLog);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void fechar('SIGINT'));
  process.on('SIGTERM', () => void fechar('SIGTERM'));

  // Ready first: the gateway and the background tasks start (onReady), then HTTP listens.
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Rastro em ${config.appUrl} (banco: ${database.kind}, papel: ${config.role})`);
  avisarQueEstaPronto();
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha ao iniciar o Rastro: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
