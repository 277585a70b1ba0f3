import { describe, expect, it } from 'vitest';
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
