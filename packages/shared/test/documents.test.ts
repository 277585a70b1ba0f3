import { describe, expect, it } from 'vitest';
import {
  buildCbu,
  buildCuil,
  cbuSchema,
  colAccountSchema,
  DIAL_MESSAGES,
  dialablePhone,
  nationalPhone,
  isValidCbu,
  isValidColAccount,
  colCcSchema,
  cuilCheckDigit,
  cuilSchema,
  dniOfCuil,
  dniSchema,
  isValidColCc,
  isValidCuil,
  isValidDni,
} from '../src';

describe('arg DNI', () => {
  it('accepts 7 and 8 digits only', () => {
    expect(isValidDni('1234567')).toBe(true);
    expect(isValidDni('30123456')).toBe(true);
    expect(isValidDni('123456')).toBe(false);
    expect(isValidDni('123456789')).toBe(false);
    expect(isValidDni('0123456')).toBe(false);
    expect(isValidDni('30.123.456')).toBe(false);
  });

  it('normalises dots in the zod schema', () => {
    expect(dniSchema.parse('30.123.456')).toBe('30123456');
    expect(dniSchema.safeParse('12').success).toBe(false);
  });
});

describe('arg CUIL', () => {
  it('computes the mod-11 check digit of known CUILs', () => {
    // 20-12345678-6 and 27-12345678-0 are the textbook examples of the weights 5432765432.
    expect(cuilCheckDigit('2012345678')).toBe(6);
    expect(cuilCheckDigit('2712345678')).toBe(0);
    expect(isValidCuil('20123456786')).toBe(true);
    expect(isValidCuil('20123456780')).toBe(false);
    expect(isValidCuil('2012345678')).toBe(false);
    expect(isValidCuil('99123456786')).toBe(false);
  });

  it('builds valid CUILs from DNIs, switching to prefix 23 when the check digit would be 10', () => {
    for (let dni = 10_000_000; dni < 10_000_400; dni++) {
      for (const sex of ['male', 'female'] as const) {
        const cuil = buildCuil(String(dni), sex);
        expect(isValidCuil(cuil), cuil).toBe(true);
        expect(dniOfCuil(cuil)).toBe(String(dni));
        expect(['20', '27', '23']).toContain(cuil.slice(0, 2));
      }
    }
    // A body whose male check digit would be 10 gets 23 and, by AFIP's rule, check digit 9.
    const body = Array.from({ length: 400 }, (_, i) => String(10_000_000 + i)).find((dni) => cuilCheckDigit(`20${dni}`) === 10)!;
    expect(buildCuil(body, 'male')).toBe(`23${body}9`);
  });

  it('pads 7-digit DNIs to 8 digits inside the CUIL', () => {
    const cuil = buildCuil('1234567', 'female');
    expect(cuil).toHaveLength(11);
    expect(cuil.slice(2, 10)).toBe('01234567');
    expect(cuilSchema.parse(`${cuil.slice(0, 2)}-${cuil.slice(2, 10)}-${cuil.slice(10)}`)).toBe(cuil);
  });
});

describe('col CC', () => {
  it('accepts 6 to 10 digits', () => {
    expect(isValidColCc('123456')).toBe(true);
    expect(isValidColCc('1020304050')).toBe(true);
    expect(isValidColCc('12345')).toBe(false);
    expect(isValidColCc('12345678901')).toBe(false);
    expect(isValidColCc('0123456')).toBe(false);
    expect(colCcSchema.safeParse('1.020.304.050').success).toBe(true);
  });
});

describe('arg CBU', () => {
  it('checks both blocks of 22 digits', () => {
    // A published, valid CBU (Banco Macro).
    expect(isValidCbu('2850590940090418135201')).toBe(true);
    // A wrong check digit in the bank block, then in the account block.
    expect(isValidCbu('2850590840090418135201')).toBe(false);
    expect(isValidCbu('2850590940090418135202')).toBe(false);
    // A digit changed inside each block.
    expect(isValidCbu('2860590940090418135201')).toBe(false);
    expect(isValidCbu('2850590940090518135201')).toBe(false);
    expect(isValidCbu('285059094009041813520')).toBe(false);
    expect(cbuSchema.safeParse('2850590-9 40090418135201').success).toBe(true);
    expect(cbuSchema.safeParse('2850590940090418135202').error?.issues[0]?.message).toMatch(/^CBU inválido/);
  });

  it('refuses bank code 000, whose zeros pass both check digits', () => {
    expect(isValidCbu('0000000000000000000000')).toBe(true);
    for (const cbu of ['0000000000000000000000', buildCbu('0000590', '4009041813520')]) {
      expect(cbuSchema.safeParse(cbu).error?.issues.map((issue) => issue.message)).toEqual([
        'CBU inválido: el código de banco 000 no existe',
      ]);
    }
  });

  it('builds what it checks', () => {
    expect(buildCbu('2850590', '4009041813520')).toBe('2850590940090418135201');
    expect(isValidCbu(buildCbu('0110012', '0000000000001'))).toBe(true);
  });
});

describe('col bank account', () => {
  it('is 6 to 20 digits', () => {
    expect(isValidColAccount('123456')).toBe(true);
    expect(isValidColAccount('12345678901234567890')).toBe(true);
    expect(isValidColAccount('12345')).toBe(false);
    expect(isValidColAccount('123456789012345678901')).toBe(false);
  });
});

describe('document and account numbers', () => {
  it('take dots and spaces (and dashes where numbers are grouped) but refuse letters instead of dropping them', () => {
    const message = (schema: typeof dniSchema, typed: string) => schema.safeParse(typed).error?.issues.map((issue) => issue.message);
    expect(colCcSchema.parse(' 1 020 304.050 ')).toBe('1020304050');
    expect(cuilSchema.safeParse('20-12345678-6').success).toBe(true);
    expect(colAccountSchema.parse('055-012345-67')).toBe('05501234567');
    // Each refused with its one reason, not also the length the dropped letters would leave.
    expect(message(colCcSchema, 'AB12c345678')).toEqual(['CC inválido: solo números, puntos o espacios']);
    expect(message(colCcSchema, '1234567-8')).toEqual(['CC inválido: solo números, puntos o espacios']);
    expect(message(dniSchema, '30123456X')).toEqual(['DNI inválido: solo números, puntos o espacios']);
    expect(message(colAccountSchema, '12AB345678')).toEqual(['Número de cuenta inválido: solo números, puntos, guiones o espacios']);
    expect(message(cbuSchema, 'CBU 2850590940090418135201')).toEqual(['CBU inválido: solo números, puntos, guiones o espacios']);
    expect(message(cuilSchema, '20/12345678/6')).toEqual(['CUIL inválido: solo números, puntos, guiones o espacios']);
  });
});

describe('nationalPhone', () => {
  it('takes off the calling code, the mobile 9, the trunk 0 and the 15, keeping the separators', () => {
    expect(nationalPhone('+54 9 11 5555-4444')).toBe('11 5555-4444');
    expect(nationalPhone('011 15 5555-4444')).toBe('11  5555-4444');
    expect(nationalPhone('(0223) 15 811-0111')).toBe('(223)  811-0111');
    expect(nationalPhone('5491155554444')).toBe('1155554444');
    expect(nationalPhone('+57 300 123 4567')).toBe('300 123 4567');
  });

  it("reads only the given country's prefixes: another country's number stays as it was", () => {
    expect(nationalPhone('+54 9 11 5555-4444', 'arg')).toBe('11 5555-4444');
    expect(nationalPhone('011 15 5555-4444', 'arg')).toBe('11  5555-4444');
    expect(nationalPhone('+57 300 123 4567', 'arg')).toBe('57 300 123 4567');
    expect(nationalPhone('+57 300 123 4567', 'col')).toBe('300 123 4567');
    expect(nationalPhone('0057 3001234567', 'col')).toBe('3001234567');
    expect(nationalPhone('573001234567', 'col')).toBe('3001234567');
    // Argentina's numbers and its trunk 0 and 15 mean nothing in Colombia.
    for (const typed of ['+54 351 555 4444', '54 3001234567', '300 15 1234567', '03001234567'])
      expect(nationalPhone(typed, 'col')).toBe(typed.replace(/^\+/, ''));
  });

  it('leaves national numbers, documents and fragments as they are', () => {
    for (const typed of ['11 5555-4444', '3001234567', '20-30123456-7', '30.123.456', '0111', '15'])
      expect(nationalPhone(typed)).toBe(typed);
    // Leading zeros of a document's fragment are no international prefix (it used to search '0336').
    for (const typed of ['000336', '0033699', '00123456']) expect(nationalPhone(typed)).toBe(typed);
  });
});

describe('dialablePhone', () => {
  it('dials the national number, however it was written', () => {
    for (const written of [
      '11 5555-4444',
      '+54 9 11 5555-4444',
      '0054 9 11 5555 4444',
      '011 15 5555-4444',
      '(0223) 15 811-0111',
      '2238110111',
      '0351 555-4444',
    ])
      expect(dialablePhone(written, 'arg'), written).toEqual({
        ok: true,
        digits: written.includes('223') ? '2238110111' : written.includes('351') ? '3515554444' : '1155554444',
      });
    for (const written of ['310 555 1234', '+57 310 555 1234', '0057 3105551234', '573105551234'])
      expect(dialablePhone(written, 'col'), written).toEqual({ ok: true, digits: '3105551234' });
  });

  it('never dials abroad, premium-rate, special or short numbers', () => {
    const refused = (written: string, country: 'arg' | 'col') => {
      const result = dialablePhone(written, country);
      return result.ok ? `dialled ${result.digits}` : result.message;
    };
    for (const [written, reason] of [
      ['+1 900 555 1234', 'international'],
      ['001 900 555 1234', 'international'],
      ['+57 310 555 1234', 'international'],
      ['0600 222 3333', 'premium'],
      ['0609-222-3333', 'premium'],
      ['+54 600 222 3333', 'premium'],
      ['0800 333 4444', 'special'],
      ['0810 333 4444', 'special'],
      ['0822 333 4444', 'special'],
      ['19005551234', 'national'],
      ['1912345678', 'national'],
      ['911', 'national'],
      ['115555444', 'national'],
      ['4155554444', 'national'],
    ] as const)
      expect(refused(written, 'arg'), written).toBe(DIAL_MESSAGES[reason].arg);
    for (const [written, reason] of [
      ['+1 900 555 1234', 'international'],
      ['+54 11 5555 4444', 'international'],
      ['1-900-555-1234', 'premium'],
      ['01 900 555 1234', 'premium'],
      ['01 8000 555 123', 'special'],
      ['1-800-555-1234', 'special'],
      ['601 555 1234', 'national'],
      ['310 555 123', 'national'],
      ['123', 'national'],
    ] as const)
      expect(refused(written, 'col'), written).toBe(DIAL_MESSAGES[reason].col);
  });
});
