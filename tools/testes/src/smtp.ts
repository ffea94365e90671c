import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface Recebido {
  para: string[];
  dados: string;
}

/** A real SMTP peer on loopback that keeps what it receives (and hands each to `aoReceber`). */
export async function iniciarSmtp(port = 0, aoReceber?: (r: Recebido) => void) {
  const recebidos: Recebido[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const partes: Buffer[] = [];
      stream.on('data', (c: Buffer) => partes.push(c));
      stream.on('end', () => {
        const r = { para: session.envelope.rcptTo.map((x) => x.address), dados: Buffer.concat(partes).toString('utf8') };
        recebidos.push(r);
        aoReceber?.(r);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const porta = (server.server.address() as AddressInfo).port;
  return {
    porta,
    url: `smtp://127.0.0.1:${porta}`,
    recebidos,
    fechar: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** Waits until an e-mail for `para` (whose subject contains `assuntoContem`) arrives. */
    async esperar(para: string, assuntoContem = '', timeoutMs = 15_000): Promise<Recebido> {
      const fim = Date.now() + timeoutMs;
      while (Date.now() < fim) {
        const r = recebidos.find((x) => x.para.includes(para) && assunto(x.dados).includes(assuntoContem));
        if (r) return r;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error(`nenhum e-mail para ${para}`);
    },
  };
}

/** Decodes quoted-printable text (UTF-8) enough to read the body and its links. */
export function decodificar(raw: string): string {
  const s = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s[i] === '=' ? s.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded Subject header (RFC 2047 Q-encoded words joined). */
export function assunto(raw: string): string {
  const m = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw);
  if (!m?.[1]) return '';
  return m[1]
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_x, q: string) => decodificar(q.replace(/_/g, ' ')))
    .replace(/\r?\n[ \t]/g, ' ');
}

/** Pulls the password link out of an e-mail. */
export function linkDeSenha(raw: string): { link: string; token: string } {
  const m = /(https?:\/\/[^\s"<]+\/auth\/alterar-sua-senha\/([A-Za-z0-9_-]+))/.exec(decodificar(raw));
  if (!m?.[1] || !m[2]) throw new Error('link não encontrado no e-mail');
  return { link: m[1], token: m[2] };
}
