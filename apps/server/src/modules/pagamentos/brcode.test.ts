import { createStaticPix, hasError, parsePix } from 'pix-utils';
import { describe, expect, it } from 'vitest';
import { centavosDoValorPix, crc16, lerBrCode, montarBrCode, valorPix } from './brcode';

// pix-utils (MIT, thalesog/pix-utils) is the independent reader: what Rastro writes, a bank app reads.
describe('BR Code', () => {
  it('writes a static code with amount and txid that an independent reader accepts field by field', () => {
    const texto = montarBrCode({
      chave: 'pagamentos@rastro.com.br',
      nome: 'Rastro Pagamentos Ltda',
      cidade: 'São Paulo',
      txid: 'RASTRO0000000001ABC',
      valorCentavos: 2990,
      descricao: 'Assinatura do Thor',
    });
    const lido = parsePix(texto);
    if (hasError(lido) || lido.type !== 'STATIC') throw new Error(`pix-utils recusou: ${texto}`);
    expect(lido).toMatchObject({
      pixKey: 'pagamentos@rastro.com.br',
      merchantName: 'RASTRO PAGAMENTOS LTDA',
      merchantCity: 'SAO PAULO',
      transactionAmount: 29.9,
      txid: 'RASTRO0000000001ABC',
      infoAdicional: 'ASSINATURA DO THOR',
      countryCode: 'BR',
      transactionCurrency: '986',
    });
    expect(lerBrCode(texto)).toMatchObject({
      chave: 'pagamentos@rastro.com.br',
      valorCentavos: 2990,
      txid: 'RASTRO0000000001ABC',
      crcOk: true,
    });
  });

  it('writes a dynamic code from the location the PSP returned, used once, txid ***', () => {
    const texto = montarBrCode({
      location: 'https://psp.example/qr/v2/cobv/9d36b84f',
      nome: 'Rastro',
      cidade: 'Brasília',
      valorCentavos: 100,
    });
    const lido = parsePix(texto);
    if (hasError(lido) || lido.type !== 'DYNAMIC') throw new Error(`pix-utils recusou: ${texto}`);
    expect(lido.url).toBe('psp.example/qr/v2/cobv/9d36b84f');
    expect(texto).toContain('010212');
    expect(lerBrCode(texto)).toMatchObject({ location: 'psp.example/qr/v2/cobv/9d36b84f', txid: '***', valorCentavos: 100, crcOk: true });
  });

  it('reads a code another library wrote', () => {
    const outro = createStaticPix({
      merchantName: 'Fulano de Tal',
      merchantCity: 'BRASILIA',
      pixKey: '+5561999999999',
      infoAdicional: 'Mensalidade',
      transactionAmount: 12.5,
      txid: 'ABC123',
    });
    if (hasError(outro)) throw new Error('pix-utils não montou');
    expect(lerBrCode(outro.toBRCode())).toMatchObject({
      chave: '+5561999999999',
      nome: 'FULANO DE TAL',
      cidade: 'BRASILIA',
      valorCentavos: 1250,
      txid: 'ABC123',
      crcOk: true,
    });
  });

  it('tells a damaged code: a changed amount breaks the CRC; not a Pix code at all is undefined', () => {
    const texto = montarBrCode({ chave: 'a@b.co', nome: 'X', cidade: 'Y', txid: 'T1', valorCentavos: 1000 });
    expect(lerBrCode(texto.replace('10.00', '90.00'))?.crcOk).toBe(false);
    expect(lerBrCode('000201')).toBeUndefined();
    expect(lerBrCode('não é um código')).toBeUndefined();
  });

  it('uses CRC-16/CCITT-FALSE (check value of "123456789" is 29B1)', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('keeps money exact: integer centavos in, the API Pix decimal string out and back', () => {
    expect([valorPix(0), valorPix(5), valorPix(2990), valorPix(123456789)]).toEqual(['0.00', '0.05', '29.90', '1234567.89']);
    expect([centavosDoValorPix('29.90'), centavosDoValorPix('0.05'), centavosDoValorPix('29.9'), centavosDoValorPix('-1.00')]).toEqual([
      2990,
      5,
      undefined,
      undefined,
    ]);
    expect(() => valorPix(10.5)).toThrow(RangeError);
  });

  it('refuses a static txid the manual does not allow', () => {
    expect(() => montarBrCode({ chave: 'a@b.co', nome: 'X', cidade: 'Y', txid: 'com-hífen' })).toThrow(RangeError);
    expect(() => montarBrCode({ chave: 'a@b.co', nome: 'X', cidade: 'Y', txid: 'A'.repeat(26) })).toThrow(RangeError);
  });
});
