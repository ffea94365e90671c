import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Db, Executor } from '../../db/client';
import '../infra';
import { LacoDeFila } from '../../lib/laco-de-fila';
import { agendarNovaTentativa, enfileirar, marcarEnviado, reservarPendentes, type NovoEmail } from './repository';

export interface SenderOptions {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  pollMs: number;
  maxAttempts: number;
  retryBaseMs: number;
}

const LOTE = 20;
const LEASE_MS = 60_000;
/** Backoff: base, 2×base, 4×base… (5 s, 10 s, 20 s… by default), capped at 15 minutes. */
export const esperaAposFalha = (tentativas: number, baseMs: number) => Math.min(baseMs * 2 ** Math.max(0, tentativas - 1), 15 * 60_000);

/**
 * Delivers the outbox. Rows are claimed with a lease, so a crash or a second instance never
 * loses or double-sends in normal operation; a failed delivery is retried with backoff.
 */
export class EntregadorEmail {
  private readonly laco: LacoDeFila;
  private readonly transport: Transporter;

  constructor(
    private readonly db: Db,
    private readonly opts: SenderOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = opts.smtpUrl
      ? nodemailer.createTransport(opts.smtpUrl)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    this.laco = new LacoDeFila(() => this.drain(), {
      lote: LOTE,
      intervaloMs: opts.pollMs,
      aoFalhar: (err) => this.log.error({ err }, 'erro ao processar a fila de e-mails'),
    });
  }

  /**
   * Queues an e-mail in the caller's transaction (the outbox): it is sent only if that commits.
   * Call `kick()` after the commit to send it now rather than on the next poll.
   */
  enfileirar(tx: Executor, email: NovoEmail) {
    return enfileirar(tx, email);
  }

  start() {
    this.laco.iniciar();
  }

  /** Ask for a delivery round now (after an e-mail was queued). */
  kick() {
    this.laco.acordar();
  }

  async stop() {
    await this.laco.parar();
    this.transport.close();
  }

  /** One delivery round; returns how many e-mails were handled. Exposed for tests. */
  async drain(): Promise<number> {
    const lote = await reservarPendentes(this.db, LOTE, LEASE_MS);
    for (const email of lote) {
      try {
        await this.entregar(email);
        await marcarEnviado(this.db, email.id);
        this.log.info({ emailId: email.id }, 'e-mail entregue');
      } catch (err) {
        const msg = err instanceof Error ? err.message : String(err);
        const desistir = email.tentativas >= this.opts.maxAttempts;
        await agendarNovaTentativa(this.db, email.id, esperaAposFalha(email.tentativas, this.opts.retryBaseMs), msg, desistir);
        this.log.warn(
          { emailId: email.id, tentativas: email.tentativas, err: msg },
          desistir ? 'e-mail desistido' : 'falha ao entregar e-mail; nova tentativa agendada',
        );
      }
    }
    return lote.length;
  }

  private async entregar(e: { id: number; destinatario: string; assunto: string; texto: string; html: string }) {
    const info: unknown = await this.transport.sendMail({
      from: this.opts.from,
      to: e.destinatario,
      subject: e.assunto,
      text: e.texto,
      html: e.html,
    });
    if (this.opts.smtpUrl) return;
    // No SMTP server configured: keep the message as a .eml file (only its owner may read it). Its
    // links are secrets (a password link signs in whoever opens it): they never go to the log.
    const message = (info as { message?: Buffer }).message;
    await mkdir(this.opts.outboxDir, { recursive: true, mode: 0o700 });
    const arquivo = path.join(this.opts.outboxDir, `${String(e.id).padStart(6, '0')}.eml`);
    await writeFile(arquivo, message ?? e.texto, { mode: 0o600 });
    this.log.info({ arquivo, para: e.destinatario, assunto: e.assunto }, 'SMTP_URL não definido: e-mail gravado em arquivo');
  }
}

/** `app.emails`: the outbox and its delivery loop, running while the app is. */
export const emailPlugin = fp(
  async (app) => {
    const emails = new EntregadorEmail(app.db, { ...app.config.mail }, app.log.child({ modulo: 'email' }));
    app.decorate('emails', emails);
    app.addHook('onReady', async () => emails.start());
    app.addHook('onClose', () => emails.stop());
  },
  { name: 'email', dependencies: ['core'] },
);
