import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { consultar } from '../../src/db/client';
import { describe, expect, it } from 'vitest';
import { portaLivre } from '../apoio/net';
import { criarApp } from '../apoio/helpers';
import { decodificar, iniciarSmtp } from '@rastro/testes/smtp';

const signup = { nome: 'Paulo', telefoneCelular: '11987654321', senha: 'senha-do-paulo-1' };

async function ate<T>(f: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const fim = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > fim) throw new Error('tempo esgotado');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('e-mail outbox', () => {
  it('keeps e-mails while the SMTP server is down and delivers them when it returns', async () => {
    const porta = await portaLivre();
    const app = await criarApp({ SMTP_URL: `smtp://127.0.0.1:${porta}`, MAIL_RETRY_BASE_MS: '200' });
    try {
      const res = await app.inject({ method: 'POST', url: '/users/sign-up', payload: { ...signup, email: 'paulo@rastro.test' } });
      expect(res.statusCode).toBe(201);
      const falhou = await ate(async () => {
        const rows = await consultar(
          app.database.db,
          sql`select status, tentativas, ultimo_erro from email_fila where destinatario = 'paulo@rastro.test'`,
        );
        const r = rows[0] as { status: string; tentativas: number; ultimo_erro: string | null } | undefined;
        return r && r.tentativas >= 1 && r.ultimo_erro ? r : undefined;
      });
      expect(falhou.status).toBe('PENDENTE');

      const smtp = await iniciarSmtp(porta);
      try {
        const email = await smtp.esperar('paulo@rastro.test');
        expect(decodificar(email.dados)).toContain('Seu cadastro no Rastro foi concluído.');
        const enviado = await ate(async () => {
          const rows = await consultar(app.database.db, sql`select status from email_fila where destinatario = 'paulo@rastro.test'`);
          const r = rows[0] as { status: string } | undefined;
          return r?.status === 'ENVIADO' ? r : undefined;
        });
        expect(enviado.status).toBe('ENVIADO');
      } finally {
        await smtp.fechar();
      }
    } finally {
      await app.fechar();
    }
  });

  it('writes .eml files to DATA_DIR/outbox when SMTP_URL is not set, and never logs their links', async () => {
    const log: string[] = [];
    const app = await criarApp({}, (linha) => log.push(linha));
    try {
      await app.inject({ method: 'POST', url: '/users/sign-up', payload: { ...signup, email: 'sem-smtp@rastro.test' } });
      await app.inject({ method: 'PUT', url: '/users/pass/send-link', payload: { emailAtual: 'sem-smtp@rastro.test' } });
      const dir = path.join(app.dataDir, 'outbox');
      const arquivos = await ate(async () => {
        const a = await readdir(dir).catch(() => []);
        return a.length >= 2 ? a.sort() : undefined;
      });
      expect(arquivos.every((a) => a.endsWith('.eml'))).toBe(true);
      const reset = decodificar(await readFile(path.join(dir, arquivos[1] ?? ''), 'utf8'));
      expect(reset).toContain('To: sem-smtp@rastro.test');
      expect(reset).toMatch(/http:\/\/rastro\.test\/auth\/alterar-sua-senha\/[A-Za-z0-9_-]{43}/);
      // The log says where the message went, never the link: a password link is a secret.
      const token = /alterar-sua-senha\/([A-Za-z0-9_-]{43})/.exec(reset)?.[1] ?? '';
      const gravado = log.filter((l) => l.includes('e-mail gravado em arquivo'));
      expect(gravado.length).toBe(2);
      expect(log.join('\n')).not.toContain(token);
      expect(log.join('\n')).not.toContain('alterar-sua-senha');
    } finally {
      await app.fechar();
    }
  });
});
