/**
 * The BR Code (Pix "copia e cola" and the QR code's text): EMV QRCPS-MPM fields as the Banco
 * Central's "Manual de Padrões para Iniciação do Pix" defines them. Pure: builds and reads the
 * text, nothing else. Money enters as integer centavos and leaves as the manual's decimal string.
 */

/** `12.34` from 1234: the amount as the API Pix and the BR Code write it (a dot, two decimals). */
export function valorPix(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos < 0) throw new RangeError('valor em centavos inválido');
  return `${Math.trunc(centavos / 100)}.${String(centavos % 100).padStart(2, '0')}`;
}

/** 1234 from `12.34` (the API Pix's `valor`); undefined when the text is not such an amount. */
export function centavosDoValorPix(valor: string): number | undefined {
  const m = /^(\d{1,10})\.(\d{2})$/.exec(valor);
  return m ? Number(m[1]) * 100 + Number(m[2]) : undefined;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF), as 4 upper-case hex digits. */
export function crc16(texto: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(texto, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Upper-case ASCII without accents, at most `max` characters (names and cities in the code). */
export function textoDoBrCode(v: string, max: number): string {
  return v
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,/-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();
}

function campo(id: string, valor: string): string {
  const n = Buffer.byteLength(valor, 'utf8');
  if (n > 99) throw new RangeError(`campo ${id} do BR Code passa de 99 caracteres`);
  return `${id}${String(n).padStart(2, '0')}${valor}`;
}

export const GUI_PIX = 'br.gov.bcb.pix';
/** A static code's txid: up to 25 letters and digits. */
export const TXID_ESTATICO = /^[A-Za-z0-9]{1,25}$/;

interface Recebedor {
  /** At most 25 characters once made ASCII. */
  nome: string;
  /** At most 15 characters once made ASCII. */
  cidade: string;
}

export type BrCode = Recebedor &
  (
    | {
        /** A static code: the receiver's Pix key, the amount and this charge's txid. */
        chave: string;
        txid: string;
        valorCentavos?: number;
        descricao?: string;
      }
    | {
        /** A dynamic code: the location the PSP returned (without `https://`), used once. */
        location: string;
        valorCentavos?: number;
      }
  );

/** The text of the code: what "Pix copia e cola" copies and the QR code carries. */
export function montarBrCode(c: BrCode): string {
  const dinamico = 'location' in c;
  const conta = dinamico
    ? campo('00', GUI_PIX) + campo('25', c.location.replace(/^https?:\/\//i, ''))
    : campo('00', GUI_PIX) + campo('01', c.chave) + (c.descricao ? campo('02', textoDoBrCode(c.descricao, 40)) : '');
  if (!dinamico && !TXID_ESTATICO.test(c.txid)) throw new RangeError('txid de código estático: até 25 letras e dígitos');
  const corpo =
    campo('00', '01') +
    (dinamico ? campo('01', '12') : '') +
    campo('26', conta) +
    campo('52', '0000') +
    campo('53', '986') +
    (c.valorCentavos !== undefined ? campo('54', valorPix(c.valorCentavos)) : '') +
    campo('58', 'BR') +
    campo('59', textoDoBrCode(c.nome, 25)) +
    campo('60', textoDoBrCode(c.cidade, 15)) +
    campo('62', campo('05', dinamico ? '***' : c.txid)) +
    '6304';
  return corpo + crc16(corpo);
}

/** The fields of a BR Code as read back; `crcOk` says whether its CRC matches. */
export interface BrCodeLido {
  campos: Map<string, string>;
  conta: Map<string, string>;
  adicionais: Map<string, string>;
  chave?: string;
  location?: string;
  valorCentavos?: number;
  txid?: string;
  nome?: string;
  cidade?: string;
  crcOk: boolean;
}

function tlv(texto: string): Map<string, string> | undefined {
  const campos = new Map<string, string>();
  let i = 0;
  while (i < texto.length) {
    const id = texto.slice(i, i + 2);
    const n = Number(texto.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(texto.slice(i + 2, i + 4)) || i + 4 + n > texto.length) return undefined;
    campos.set(id, texto.slice(i + 4, i + 4 + n));
    i += 4 + n;
  }
  return campos;
}

/** Reads a BR Code; undefined when it is not one (bad TLV, no GUI of Pix). */
export function lerBrCode(texto: string): BrCodeLido | undefined {
  const campos = tlv(texto);
  const conta = campos?.get('26') !== undefined ? tlv(campos.get('26') ?? '') : undefined;
  if (!campos || !conta || conta.get('00')?.toLowerCase() !== GUI_PIX || campos.get('00') !== '01') return undefined;
  const adicionais = tlv(campos.get('62') ?? '') ?? new Map<string, string>();
  const crc = campos.get('63');
  const valor = campos.get('54');
  return {
    campos,
    conta,
    adicionais,
    chave: conta.get('01'),
    location: conta.get('25'),
    valorCentavos: valor === undefined ? undefined : centavosDoValorPix(valor.includes('.') ? valor : `${valor}.00`),
    txid: adicionais.get('05'),
    nome: campos.get('59'),
    cidade: campos.get('60'),
    crcOk: crc !== undefined && texto.endsWith(`6304${crc}`) && crc16(texto.slice(0, -4)) === crc.toUpperCase(),
  };
}
