import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { faixasDeIp, ipSemMapeamento } from './faixas';

/**
 * Addresses a URL given by a user must never reach (SSRF): this host, the private networks, the
 * carrier-grade NAT, link-local (cloud metadata), multicast and the reserved blocks.
 */
const naoPublico = faixasDeIp([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '::1/128',
  '64:ff9b::/96',
  '100::/64',
  '2001:db8::/32',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
]);

export const enderecoPublico = (ip: string) => isIP(ipSemMapeamento(ip)) !== 0 && !naoPublico(ip);

export type MotivoRecusa = 'url' | 'protocolo' | 'endereco' | 'dns';

/** Where the server may call on a user's behalf: the URL and the address to connect to. */
export type Destino = { ok: true; url: URL; endereco: string | undefined } | { ok: false; motivo: MotivoRecusa };

/**
 * Checks a URL the server will call because a user gave it: `https:` only, and every address its
 * host resolves to must be public. The caller connects to the address returned (not to a second
 * lookup), so a name that changes its answer meanwhile cannot lead it elsewhere. An IP literal
 * is judged without any lookup. `permitirTudo` lifts both rules (tests on loopback only).
 */
export async function destinoPublico(texto: string, permitirTudo = false): Promise<Destino> {
  let url: URL;
  try {
    url = new URL(texto);
  } catch {
    return { ok: false, motivo: 'url' };
  }
  if (url.username || url.password) return { ok: false, motivo: 'url' };
  if (permitirTudo)
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? { ok: true, url, endereco: undefined }
      : { ok: false, motivo: 'protocolo' };
  if (url.protocol !== 'https:') return { ok: false, motivo: 'protocolo' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return enderecoPublico(host) ? { ok: true, url, endereco: host } : { ok: false, motivo: 'endereco' };
  let enderecos: { address: string }[];
  try {
    enderecos = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, motivo: 'dns' };
  }
  if (enderecos.length === 0 || !enderecos.every((e) => enderecoPublico(e.address))) return { ok: false, motivo: 'endereco' };
  return { ok: true, url, endereco: enderecos[0]?.address };
}
