import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

/** A certificate and its private key, PEM. */
export interface ParDeChaves {
  cert: string;
  key: string;
}

/** Everything a test run needs for mutual TLS both ways, signed by one test CA made for the run. */
export interface Certificados {
  /** The CA that signed all the others: each side trusts it. */
  ca: string;
  /** The stand-in PSP's HTTPS server (127.0.0.1, localhost). */
  psp: ParDeChaves;
  /** What Rastro presents when it calls the PSP. */
  rastro: ParDeChaves;
  /** What the PSP presents when it calls Rastro's webhook over HTTPS. */
  pspCliente: ParDeChaves;
  /** Rastro's webhook HTTPS listener (127.0.0.1, localhost). */
  webhook: ParDeChaves;
}

/** An RSA key made by Node's own crypto (fast), handed to forge to sign with. */
function novaChave() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const chave = forge.pki.privateKeyFromPem(pem);
  return { pem, privada: chave, publica: forge.pki.setRsaPublicKey(chave.n, chave.e) };
}

function emitir(
  nome: string,
  chave: ReturnType<typeof novaChave>,
  emissor: { cert: forge.pki.Certificate; chave: forge.pki.rsa.PrivateKey } | null,
  uso: 'ca' | 'servidor' | 'cliente',
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = chave.publica;
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3_600_000);
  const sujeito = [{ name: 'commonName', value: nome }];
  cert.setSubject(sujeito);
  cert.setIssuer(emissor ? emissor.cert.subject.attributes : sujeito);
  cert.setExtensions(
    uso === 'ca'
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
          { name: 'extKeyUsage', serverAuth: uso === 'servidor', clientAuth: uso === 'cliente' },
          ...(uso === 'servidor'
            ? [
                {
                  name: 'subjectAltName',
                  altNames: [
                    { type: 7, ip: '127.0.0.1' },
                    { type: 2, value: 'localhost' },
                  ],
                },
              ]
            : []),
        ],
  );
  cert.sign(emissor?.chave ?? chave.privada, forge.md.sha256.create());
  return cert;
}

let emCache: Certificados | undefined;

/**
 * A CA and four certificates it signs, made now (nothing is kept in the repository or fetched).
 * The same set for the whole process: making RSA keys costs a few hundred milliseconds each;
 * `outro` makes a set of another CA (a stranger's certificates).
 */
export function gerarCertificados(o: { outro?: boolean } = {}): Certificados {
  if (emCache && !o.outro) return emCache;
  const chaveCa = novaChave();
  const ca = emitir('Rastro Testes CA', chaveCa, null, 'ca');
  const emissor = { cert: ca, chave: chaveCa.privada };
  const par = (nome: string, uso: 'servidor' | 'cliente'): ParDeChaves => {
    const chave = novaChave();
    return { cert: forge.pki.certificateToPem(emitir(nome, chave, emissor, uso)), key: chave.pem };
  };
  const novos = {
    ca: forge.pki.certificateToPem(ca),
    psp: par('psp.pix.teste', 'servidor'),
    rastro: par('rastro-cliente-pix', 'cliente'),
    pspCliente: par('psp.pix.teste-webhook', 'cliente'),
    webhook: par('rastro-webhook', 'servidor'),
  };
  if (!o.outro) emCache = novos;
  return novos;
}
