import { describe, expect, it } from 'vitest';
import { age } from '../src/lib/format';

describe("a record's age on a phone's list", () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  it('reads short and in Spanish: minutes, hours, days', () => {
    expect(age('2026-11-28T11:59:50Z', now)).toBe('ahora');
    expect(age('2026-11-28T11:55:00Z', now)).toBe('hace 5 min');
    expect(age('2026-11-28T09:00:00Z', now)).toBe('hace 3 h');
    expect(age('2026-11-26T12:00:00Z', now)).toBe('hace 2 d');
  });

  it('past a month, its date; a time ahead (a clock behind) is now', () => {
    expect(age('2026-09-01T15:00:00Z', now)).toMatch(/^0?1\/09\/2026$/);
    expect(age('2026-11-28T12:30:00Z', now)).toBe('ahora');
  });
});
