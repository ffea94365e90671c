import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodificar } from '@rastro/testes/smtp';
import { E2E_MAIL_DIR } from './env';

/** Waits for the newest e-mail sent to `para` that contains `texto`, decoded. */
export async function esperarEmail(para: string, texto: string, timeoutMs = 20_000): Promise<string> {
  const fim = Date.now() + timeoutMs;
  while (Date.now() < fim) {
    const arquivos = readdirSync(E2E_MAIL_DIR)
      .filter((f) => f.endsWith(`-${para}.eml`))
      .sort()
      .reverse();
    for (const f of arquivos) {
      const corpo = decodificar(readFileSync(path.join(E2E_MAIL_DIR, f), 'utf8'));
      if (corpo.includes(texto)) return corpo;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`nenhum e-mail para ${para} com "${texto}"`);
}

export function linkDeSenha(corpo: string): string {
  const m = /(https?:\/\/\S+\/auth\/alterar-sua-senha\/[A-Za-z0-9_-]+)/.exec(corpo);
  if (!m?.[1]) throw new Error('link de senha não encontrado');
  return m[1];
}
