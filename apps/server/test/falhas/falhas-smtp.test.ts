import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { consultar, type Database } from '../../src/db/client';
import { ate } from '../apoio/falhas-apoio';
import { ADMIN, novoBanco } from '../apoio/helpers';
import { portaLivre } from '../apoio/net';
import { assunto, iniciarSmtp, linkDeSenha } from '@rastro/testes/smtp';
import { TEST_ENV } from '../apoio/test-env';

/**
 * Issue #6, fault 3: with the SMTP server down, a forgot-password e-mail waits in the outbox
 * (retried, surviving a restart of the app) and goes out once the server is back.
 * email.test.ts covers the sign-up e-mail with one app; this one restarts the app in between.
 */

const limpar: (() => unknown)[] = [];
afterAll(async () => {
  for (const f of limpar.reverse()) await Promise.resolve(f()).catch(() => undefined);
});

interface Linha {
  id: number;
  status: string;
  tentativas: number;
  ultimo_erro: string | null;
}

const saida = (database: Database) =>
  consultar<Linha>(
    database.db,
    sql`select id, status, tentativas, ultimo_erro from email_fila where destinatario = ${ADMIN.email} order by id`,
  );

async function subirApp(database: Database, env: Record<string, string>, dataDir: string) {
  const app = await buildApp({ config: loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...env }), database, logger: false });
  await app.ready();
  return app;
}

describe('SMTP down', () => {
  it('keeps the reset e-mail pending with retries, across a restart, and delivers it when SMTP returns', async () => {
    const database = await novoBanco();
    limpar.push(() => database.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rastro-smtp-'));
    limpar.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const porta = await portaLivre();
    const env = { SMTP_URL: `smtp://127.0.0.1:${porta}`, MAIL_POLL_MS: '100', MAIL_RETRY_BASE_MS: '100' };

    let app = await subirApp(database, env, dataDir);
    // Whichever app is running at the end.
    limpar.push(() => app.close());
    const res = await app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: ADMIN.email } });
    // The user is told the link was sent: the outbox owns delivery from here.
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Redefinição de senha enviada para o e-mail.' });

    // Retried at least twice, each failure recorded, still pending.
    const pendente = await ate('duas tentativas falhas', async () => {
      const [r] = await saida(database);
      return r && r.tentativas >= 2 && r.ultimo_erro ? r : undefined;
    });
    expect(pendente.status).toBe('PENDENTE');
    expect(pendente.ultimo_erro).toMatch(/ECONNREFUSED|connect/i);

    // A restart of the server (same database) while SMTP is still down: the e-mail is still owed.
    await app.close();
    app = await subirApp(database, env, dataDir);
    const antes = (await saida(database))[0]?.tentativas ?? 0;
    await ate('nova tentativa após o reinício', async () => {
      const [r] = await saida(database);
      return r && r.tentativas > antes ? r : undefined;
    });
    expect((await saida(database)).map((r) => r.status)).toEqual(['PENDENTE']);

    // SMTP comes back on the same port.
    const smtp = await iniciarSmtp(porta);
    limpar.push(() => smtp.fechar());
    const email = await smtp.esperar(ADMIN.email, 'redefinição', 30_000);
    expect(assunto(email.dados)).toBe('Rastro — redefinição de senha');
    const enviado = await ate('ENVIADO', async () => {
      const [r] = await saida(database);
      return r?.status === 'ENVIADO' ? r : undefined;
    });
    expect(enviado.ultimo_erro).toBeNull();
    // Sent once: the row is closed, and the peer got exactly one message.
    expect(smtp.recebidos.filter((r) => r.para.includes(ADMIN.email))).toHaveLength(1);
    expect(await saida(database)).toHaveLength(1);

    // The delayed link still works.
    const { token } = linkDeSenha(email.dados);
    const valida = await app.inject({ method: 'GET', url: `/users/pass/valida-token?token=${encodeURIComponent(token)}` });
    expect(valida.statusCode).toBe(200);
  }, 60_000);
});
