import type { Db } from './db/client';
import { seedLocalidades } from './modules/lookups/seed';
import { seedAdministrador, seedNiveis, type AdministradorSemeado } from './modules/usuarios/seed';

/**
 * First-start data, each part written by the module owning its tables: levels, states,
 * municipalities and the first administrator. Idempotent.
 */
export async function seed(db: Db, admin: { email: string; password?: string | undefined }): Promise<AdministradorSemeado> {
  await seedNiveis(db);
  await seedLocalidades(db);
  return seedAdministrador(db, admin);
}
