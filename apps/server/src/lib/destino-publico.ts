import { lookup } from 'node:dns/promises';
import { isIP, isIPv4 } from 'node:net';
import { faixasDeIp, gruposIpv6, ipSemMapeamento } from './faixas';

/**
 * IPv4 a URL given by a user must never reach (SSRF): the blocks of IANA's IPv4 Special-Purpose
 * Address Registry — this host, the private networks, the carrier-grade NAT, link-local (cloud
 * metadata), documentation, benchmarking, the deprecated 6to4 relay anycast — multicast and 240/4.
 */
const ipv4NaoPublico = faixasDeIp([
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
]);

/**
 * IPv6 is judged by what may be public, not by what may not: only global unicast (2000::/3, the one
 * block IANA allocates to registries) passes. Everything else is refused whole, and with it every
 * IPv4-in-IPv6 form but the mapped one — IPv4-compatible and IPv4-translated (inside ::/8), NAT64
 * (64:ff9b::/96 and the local-use 64:ff9b:1::/48) — besides discard (100::/64), unique local,
 * link-local, site-local (fec0::/10) and multicast.
 */
const unicastGlobal = faixasDeIp(['2000::/3']);

/**
 * Inside global unicast, the blocks IANA's IPv6 Special-Purpose Address Registry marks not
 * globally reachable, and 6to4, which tunnels to an IPv4 address (refused whole rather than judged:
 * no push service lives there).
 */
const ipv6NaoPublico = faixasDeIp([
  // IETF protocol assignments: Teredo (2001::/32), benchmarking, ORCHID and ORCHIDv2, AMT, AS112…
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  '3fff::/20',
  // SRv6 SIDs (RFC 9602).
  '5f00::/16',
]);

/** Whether the server may connect to `ip` on a user's behalf; an IPv4-mapped IPv6 address is judged as the IPv4 it carries. */
export function enderecoPublico(ip: string) {
  const v4 = ipSemMapeamento(ip);
  if (isIPv4(v4)) return !ipv4NaoPublico(v4);
  return gruposIpv6(ip) !== undefined && unicastGlobal(ip) && !ipv6NaoPublico(ip);
}

export type MotivoRecusa = 'url' | 'protocolo' | 'porta' | 'endereco' | 'dns';

/** Where the server may call on a user's behalf: the URL and the address to connect to. */
export type Destino = { ok: true; url: URL; endereco: string | undefined } | { ok: false; motivo: MotivoRecusa };

/**
 * Checks a URL the server will call because a user gave it: `https:` on its own port (443) only,
 * and every address its host resolves to must be public. The caller connects to the address
 * returned (not to a second lookup), so a name that changes its answer meanwhile cannot lead it
 * elsewhere. An IP literal is judged without any lookup. `permitirTudo` lifts the three rules (tests on loopback only).
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
  // The URL parser leaves `port` empty for https's own: `:443` written out passes, any other is refused.
  if (url.port !== '') return { ok: false, motivo: 'porta' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return enderecoPublico(host) ? { ok: true, url, endereco: host } : { ok: false, motivo: 'endereco' };
  let enderecos: { address: string }[];
  try {
    enderecos = await lookup(host, { all: true, verbatim: true });
  } catch {
    return { ok: false, motivo: 'dns' };
  }
  if (enderecos.length === 0 || !enderecos.every((e) => enderecoPublico(e.address))) return { ok: false, motivo: 'endereco' };
  const primeiro = enderecos[0]?.address;
  return { ok: true, url, endereco: primeiro === undefined ? undefined : ipSemMapeamento(primeiro) };
}
