/** The stand-in PSP's own BR Code (a dynamic code: field 26 carries the location, not the key). */
const tlv = (id: string, valor: string) => `${id}${String(valor.length).padStart(2, '0')}${valor}`;

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), as the Manual de Padrões asks. */
export function crc16(texto: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A dynamic BR Code: used once (01 = 12), the location without scheme, the amount, txid '***'. */
export function brCodeDinamico(a: { location: string; valor: string; nome: string; cidade: string }): string {
  const semCrc =
    tlv('00', '01') +
    tlv('01', '12') +
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('25', a.location)) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', a.valor) +
    tlv('58', 'BR') +
    tlv('59', a.nome.slice(0, 25)) +
    tlv('60', a.cidade.slice(0, 15)) +
    tlv('62', tlv('05', '***')) +
    '6304';
  return semCrc + crc16(semCrc);
}
