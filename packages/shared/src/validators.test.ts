import { describe, expect, it } from 'vitest';
import { isCpfValido } from './schemas/cpf';
import {
  compararDatas,
  dataBrParaIso,
  diasEntre,
  idadeEmAnos,
  isDataHoraValida,
  isDataValida,
  isDomingo,
  isEmailValido,
  isFimDeSemana,
  isHoraValida,
  parseData,
  parseHora,
} from './validators';

describe('validators', () => {
  it('checks CPF check digits, masked or not', () => {
    expect(isCpfValido('529.982.247-25')).toBe(true);
    expect(isCpfValido('52998224725')).toBe(true);
    expect(isCpfValido('529.982.247-24')).toBe(false);
    expect(isCpfValido('111.111.111-11')).toBe(false);
    expect(isCpfValido('123')).toBe(false);
  });

  it('checks e-mail addresses', () => {
    expect(isEmailValido('ana@rastro.com.br')).toBe(true);
    for (const v of ['ana', 'ana@', '@rastro.com', 'ana @rastro.com', 'ana@rastro']) expect(isEmailValido(v)).toBe(false);
  });

  it('parses DD/MM/YYYY with real calendar days and years 1000-3000', () => {
    expect(parseData('29/02/2024')).toEqual({ ano: 2024, mes: 2, dia: 29 });
    for (const v of ['29/02/2023', '31/04/2026', '00/01/2026', '01/13/2026', '01/01/0999', '01/01/3001', '1/1/2026', '2026-01-01']) {
      expect(isDataValida(v)).toBe(false);
    }
    expect(dataBrParaIso('05/03/2026')).toBe('2026-03-05');
  });

  it('parses hours 00:00-23:59 and date-times', () => {
    expect(parseHora('23:59')).toBe(23 * 60 + 59);
    expect(isHoraValida('24:00')).toBe(false);
    expect(isHoraValida('12:60')).toBe(false);
    expect(isDataHoraValida('22/11/2026 08:30')).toBe(true);
    expect(isDataHoraValida('22/11/2026 8:30')).toBe(false);
  });

  it('compares days, counts age and weekdays', () => {
    const hoje = { ano: 2026, mes: 11, dia: 22 };
    expect(idadeEmAnos({ ano: 2008, mes: 11, dia: 22 }, hoje)).toBe(18);
    expect(idadeEmAnos({ ano: 2008, mes: 11, dia: 23 }, hoje)).toBe(17);
    expect(compararDatas({ ano: 2026, mes: 11, dia: 21 }, hoje)).toBeLessThan(0);
    expect(diasEntre({ ano: 2026, mes: 10, dia: 22 }, hoje)).toBe(31);
    expect(isDomingo(hoje)).toBe(true);
    expect(isFimDeSemana({ ano: 2026, mes: 11, dia: 21 })).toBe(true);
    expect(isFimDeSemana({ ano: 2026, mes: 11, dia: 23 })).toBe(false);
  });
});
