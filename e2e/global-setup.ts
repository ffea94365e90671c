import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { existsSync, rmSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { iniciarSmtp } from '@rastro/testes/smtp';
import { iniciarTiles } from '@rastro/testes/tiles-fake';
import { iniciarViaCep } from '@rastro/testes/viacep-fake';
import { E2E_ADMIN, E2E_MAIL_DIR, E2E_PIX, E2E_PORT, E2E_TOPIN_PORT } from './env';
import { subirServidor } from './servidor';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The real SMTP peer of the server tests, writing every message it receives into E2E_MAIL_DIR. */
async function iniciarSmtpEmArquivos() {
  rmSync(E2E_MAIL_DIR, { recursive: true, force: true });
  mkdirSync(E2E_MAIL_DIR, { recursive: true });
  let n = 0;
  return iniciarSmtp(0, (r) => {
    n += 1;
    writeFileSync(path.join(E2E_MAIL_DIR, `${String(n).padStart(4, '0')}-${r.para.join(',')}.eml`), r.dados);
  });
}

/** Refuses a port someone already listens on: the journeys would otherwise talk to that server. */
async function exigirLivre(porta: number) {
  await new Promise<void>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', () =>
      reject(
        new Error(
          `a porta ${porta} já está em uso: defina E2E_PORT (usa ela e a seguinte) ou rode pelo npm test, que escolhe portas livres`,
        ),
      ),
    );
    s.listen({ port: porta, host: '0.0.0.0', exclusive: true }, () => s.close(() => resolve()));
  });
}

export default async function globalSetup() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const r = spawnSync('npm', ['run', 'build', '-w', '@rastro/web'], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) throw new Error('build da web falhou');
  }
  await exigirLivre(E2E_PORT);
  await exigirLivre(E2E_TOPIN_PORT);
  const smtp = await iniciarSmtpEmArquivos();
  // CEP lookups go to a local ViaCEP-compatible server, never to the internet.
  const viacep = await iniciarViaCep();
  // Map tiles too: the journeys' maps ask a local tile server, never a public one.
  const tiles = await iniciarTiles();
  process.env.E2E_TILES_ORIGEM = tiles.origem;
  process.env.E2E_TILES_URL = tiles.url;
  const server = await subirServidor(E2E_PORT, {
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.senha,
    SMTP_URL: `smtp://127.0.0.1:${smtp.porta}`,
    VIACEP_URL: viacep.url,
    MAP_TILE_URL: tiles.url,
    MAIL_POLL_MS: '200',
    // The phone journey's push service is a receiver on 127.0.0.1 over http (tests only).
    PUSH_PERMITIR_HTTP: 'true',
    PUSH_POLL_MS: '200',
    // Every journey logs in, signs up and asks for password links from 127.0.0.1, many of them
    // as the same administrator (the limits themselves are tested in the server suite).
    LOGIN_LIMIT_IP: '100000',
    LOGIN_LIMIT_EMAIL: '100000',
    SIGNUP_LIMIT_IP: '100000',
    RESET_LIMIT_IP: '100000',
    // Payments on with static Pix codes (issue #35), as `npm run demo` runs them.
    PIX_CHAVE: E2E_PIX.chave,
    PIX_RECEBEDOR_NOME: E2E_PIX.nome,
    PIX_RECEBEDOR_CIDADE: E2E_PIX.cidade,
  });
  return async () => {
    await server.parar();
    await smtp.fechar();
    await viacep.fechar();
    await tiles.fechar();
    if (process.env.E2E_SERVER_LOG) process.stderr.write(server.log());
  };
}
