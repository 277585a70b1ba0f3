import { describe, expect, it } from 'vitest';
import { leadListQuerySchema, salesListQuerySchema, searcherQuerySchema } from '../src';
import { searchMatches, searchTerms } from '../src/search';

const marked = (text: string, q: string) =>
  searchMatches(text, searchTerms(q))
    .map(([start, end]) => text.slice(start, end))
    .join('|');

describe('searchMatches', () => {
  it('finds a document or phone fragment anywhere in the digits, typed with separators or not', () => {
    expect(marked('27162345678', '234567')).toBe('234567');
    expect(marked('1144445555', '11-4444-5555')).toBe('1144445555');
    expect(marked('16234567', '30.123.456')).toBe('');
  });

  it('finds words of letters at the beginning of a word only, accents and case aside', () => {
    expect(marked('Juan Muñoz López', 'munoz juan')).toBe('Juan|Muñoz');
    expect(marked('María Luisa', 'LUI')).toBe('Lui');
    // "ana" is inside "Mariana" but begins no word of it: the server does not match it there either.
    expect(marked('Mariana Ana', 'ana')).toBe('Ana');
    // The email's words: after a dot, an at sign or digits.
    expect(marked('juan.munoz.lopez909993@hotmail.com', 'lopez hotm')).toBe('lopez|hotm');
  });

  it('finds other words anywhere, and merges overlapping matches', () => {
    expect(marked('ana.perez12@mail.com', 'perez12@')).toBe('perez12@');
    expect(marked('Pérez Pereyra', 'per pere')).toBe('Pére|Pere');
    expect(marked('Pereyra', 'per pere')).toBe('Pere');
  });

  it('keeps indexes of the shown text', () => {
    const text = 'Ñandú Ñandú';
    expect(searchMatches(text, searchTerms('nandu'))).toEqual([
      [0, 5],
      [6, 11],
    ]);
  });
});

describe('searchTerms', () => {
  it('reads a phone written in international or trunk form as the stored national number', () => {
    for (const typed of ['+54 9 223 811-0111', '0223 15 811-0111', '+54 223 811 0111', '5492238110111', '0054 9 223 8110111']) {
      expect(marked('2238110111', typed), typed).toBe('2238110111');
    }
    expect(marked('3001234567', '+57 300 123 4567')).toBe('3001234567');
    // The whole number in order, not its groups anywhere.
    expect(searchTerms('+54 9 223 811-0111')).toEqual({ digits: ['2238110111'], letters: [], indexed: [], other: [] });
    expect(marked('8110111223', '223 811 0111')).toBe('');
    // A CUIL (11 digits) or a fragment is not a phone: nothing is taken off.
    expect(searchTerms('20-30123456-7').digits).toEqual(['20301234567']);
    expect(searchTerms('0111').indexed).toEqual(['0111']);
    expect(searchTerms('000336').digits).toEqual(['000336']);
    expect(marked('100033699', '000336')).toBe('000336');
  });

  it('takes a name as the lists show it, or hyphenated, as its words', () => {
    expect(searchTerms('Pérez, Juan').letters).toEqual(['perez', 'juan']);
    expect(searchTerms('García-López').letters).toEqual(['garcia', 'lopez']);
    expect(searchTerms('"Muñoz"').letters).toEqual(['munoz']);
    expect(marked('Juan García-López', 'lopez, juan')).toBe('Juan|López');
    // An email keeps its punctuation: it is matched as typed.
    expect(searchTerms('ana-perez@mail.com').indexed).toEqual(['ana-perez@mail.com']);
  });
});

describe('the search text as typed', () => {
  it('reads full-width letters and digits (as some IMEs type them) and decomposed accents as the plain text', () => {
    for (const schema of [searcherQuerySchema, leadListQuerySchema, salesListQuerySchema]) {
      expect(schema.parse({ q: 'ａｎａ' }).q).toBe('ana');
      expect(schema.parse({ q: '１２３４５' }).q).toBe('12345');
      expect(schema.parse({ q: '\u3000ＡＮＡ\u3000ｐｅｒｅｚ\u3000' }).q).toBe('ANA perez');
      expect(schema.parse({ q: 'Jose\u0301' }).q).toBe('José');
    }
    // Full-width text is letters and digits, enough to search.
    expect(searcherQuerySchema.safeParse({ q: 'ａｎ' }).error?.issues.map((issue) => issue.message)).toEqual([
      'Escribe al menos 3 letras o números para buscar',
    ]);
    expect(leadListQuerySchema.parse({ q: '\u3000' }).q).toBeUndefined();
    expect(searchTerms(searcherQuerySchema.parse({ q: 'ａｎａ' }).q!)).toEqual(searchTerms('ana'));
  });
});
