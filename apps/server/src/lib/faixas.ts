import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address (`::` and a dotted IPv4 tail allowed); undefined if it is not one or has a zone. */
export function gruposIpv6(ip: string): number[] | undefined {
  if (!isIPv6(ip) || ip.includes('%')) return undefined;
  let texto = ip;
  const cauda4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(texto);
  if (cauda4) {
    const [a, b, c, d] = cauda4.slice(1).map(Number) as [number, number, number, number];
    texto = `${texto.slice(0, cauda4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const grupos = (s: string | undefined) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const [antes, depois] = texto.split('::');
  const inicio = grupos(antes);
  if (depois === undefined) return inicio.length === 8 ? inicio : undefined;
  const fim = grupos(depois);
  return [...inicio, ...Array<number>(8 - inicio.length - fim.length).fill(0), ...fim];
}

/**
 * An IPv4 address seen through IPv6 — IPv4-mapped, `::ffff:0:0/96`, whether written `::ffff:10.1.2.3`
 * (a dual-stack socket's peer) or `::ffff:a01:203` (a URL's normalized host) — as plain IPv4.
 */
export function ipSemMapeamento(ip: string) {
  const g = ip.includes(':') ? gruposIpv6(ip) : undefined;
  if (!g || g.slice(0, 5).some((x) => x !== 0) || g[5] !== 0xffff) return ip;
  const [alto = 0, baixo = 0] = g.slice(6);
  return [alto >> 8, alto & 0xff, baixo >> 8, baixo & 0xff].join('.');
}

/**
 * Addresses and CIDR ranges (`10.0.0.0/8`, `2001:db8::/32`, `192.0.2.7`) as a membership test.
 * Throws a RangeError naming the first entry that is not one.
 */
export function faixasDeIp(faixas: readonly string[]): (ip: string) => boolean {
  const lista = new BlockList();
  for (const faixa of faixas) {
    const [endereco = '', prefixo] = faixa.split('/');
    const tipo = isIPv4(endereco) ? 'ipv4' : isIPv6(endereco) ? 'ipv6' : undefined;
    const bits = prefixo === undefined ? (tipo === 'ipv4' ? 32 : 128) : Number(prefixo);
    if (!tipo || !/^\d{1,3}$/.test(prefixo ?? '0') || bits > (tipo === 'ipv4' ? 32 : 128)) throw new RangeError(`faixa inválida: ${faixa}`);
    lista.addSubnet(endereco, bits, tipo);
  }
  return (ip) => {
    const puro = ipSemMapeamento(ip);
    const tipo = isIPv4(puro) ? 'ipv4' : isIPv6(puro) ? 'ipv6' : undefined;
    return tipo !== undefined && lista.check(puro, tipo);
  };
}
