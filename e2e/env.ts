import { tmpdir } from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8191);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
/** The TOPIN gateway of the e2e server, where simulated trackers connect. */
export const E2E_TOPIN_PORT = E2E_PORT + 1;
/** Where the test SMTP peer writes each message it receives (one .eml per message). */
export const E2E_MAIL_DIR = path.join(tmpdir(), `rastro-e2e-mail-${E2E_PORT}`);
export const E2E_ADMIN = { email: 'admin@e2e.rastro.test', senha: 'Admin#E2e2026' };
/** The receiver of the e2e server's static Pix codes. */
export const E2E_PIX = { chave: 'pagamentos@e2e.rastro.test', nome: 'Rastro E2E', cidade: 'São Paulo' };
