import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** An IPv4 address seen through a dual-stack socket (`::ffff:10.1.2.3`) as plain IPv4. */
export function ipSemMapeamento(ip: string) {
  return ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
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
