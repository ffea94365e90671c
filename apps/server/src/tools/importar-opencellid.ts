import { createReadStream } from 'node:fs';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { importarOpenCellId } from '../geolocation/opencellid';

/** `npm run import:opencellid -- arquivo.csv [--mcc 724]`: loads an OpenCellID export into `celulas`. */
async function main() {
  const args = process.argv.slice(2);
  const arquivo = args.find((a) => !a.startsWith('--'));
  const i = args.indexOf('--mcc');
  const mccs = i >= 0 ? (args[i + 1] ?? '').split(',').map(Number).filter(Number.isFinite) : undefined;
  if (!arquivo) {
    process.stderr.write('Uso: npm run import:opencellid -- arquivo.csv [--mcc 724]\n');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await db.migrate();
  const r = await importarOpenCellId(db.db, createReadStream(arquivo), mccs ? { mccs } : {});
  process.stdout.write(`${r.importadas} células importadas, ${r.ignoradas} linhas ignoradas.\n`);
  await db.close();
}

main().catch((err: unknown) => {
  process.stderr.write(`Falha na importação: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
