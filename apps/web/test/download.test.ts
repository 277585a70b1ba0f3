import { describe, expect, it } from 'vitest';
import { describeProgress } from '../src/lib/download';

describe('an export’s progress', () => {
  it('says the file is being prepared, with the rows announced, until its first bytes arrive: never "0 filas"', () => {
    expect(describeProgress({ rows: null, bytes: 0, total: 11_000 })).toBe('Preparando archivo… (11.000 filas)');
    expect(describeProgress({ rows: 0, bytes: 0, total: 1 })).toBe('Preparando archivo… (1 fila)');
    expect(describeProgress({ rows: 0, bytes: 0, total: null })).toBe('Preparando archivo…');
  });

  it('then counts a CSV’s rows and an XLSX’s kilobytes', () => {
    expect(describeProgress({ rows: 2_500, bytes: 300_000, total: 11_000 })).toBe('2500 de 11.000 filas');
    expect(describeProgress({ rows: null, bytes: 40_960, total: 11_000 })).toBe('40 KB (11.000 filas)');
  });
});
