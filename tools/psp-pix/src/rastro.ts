import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Certificados } from './certificados';
import type { PspPix } from './psp';

/**
 * The environment that points a Rastro server at this stand-in (PSP mode): its API, its OAuth
 * credentials, and Rastro's client certificate, key and the test CA as files written in `dir`.
 * The caller adds the key (PIX_CHAVE) and the webhook's URL and secret.
 */
export function envDoRastro(psp: PspPix, certificados: Certificados, dir: string): Record<string, string> {
  const arquivo = (nome: string, pem: string) => {
    const p = path.join(dir, nome);
    writeFileSync(p, pem);
    return p;
  };
  return {
    PIX_API_URL: psp.url,
    PIX_CLIENT_ID: psp.clientId,
    PIX_CLIENT_SECRET: psp.clientSecret,
    PIX_CERT_FILE: arquivo('rastro.crt', certificados.rastro.cert),
    PIX_KEY_FILE: arquivo('rastro.key', certificados.rastro.key),
    PIX_CA_FILE: arquivo('ca.crt', certificados.ca),
  };
}
