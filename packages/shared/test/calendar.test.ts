import { describe, expect, it } from 'vitest';
import { CUSTOMER_AGE, addDays, ageOn, birthDateRange, dayParts, leadCreateSchemas, todayIn } from '../src';

describe('dayParts', () => {
  it('reads a day label and refuses anything else, rather than computing with NaN', () => {
    expect(dayParts('2024-02-29')).toEqual([2024, 2, 29]);
    expect(() => dayParts('2024-2-29')).toThrow(RangeError);
    expect(() => ageOn('', '2026-11-29')).toThrow(RangeError);
  });
});

describe('ageOn', () => {
  it('counts a year on the birthday, not the day before', () => {
    expect(ageOn('2008-11-24', '2026-11-23')).toBe(17);
    expect(ageOn('2008-11-24', '2026-11-24')).toBe(18);
    expect(ageOn('2008-12-01', '2026-11-30')).toBe(17);
  });

  it('has someone born on 29 February turn a year older on 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
});

describe('birthDateRange', () => {
  it('reaches from the day before the 101st birthday to the 18th birthday', () => {
    expect(birthDateRange('2026-11-24')).toEqual({ min: '1925-11-25', max: '2008-11-24' });
  });

  it('keeps its ends exactly at the ages allowed, on every day of a leap year and the next', () => {
    for (let today = '2028-01-01'; today < '2030-01-01'; today = addDays(today, 1)) {
      const { min, max } = birthDateRange(today);
      expect([ageOn(max, today), ageOn(addDays(max, 1), today)], today).toEqual([CUSTOMER_AGE.min, CUSTOMER_AGE.min - 1]);
      expect([ageOn(min, today), ageOn(addDays(min, -1), today)], today).toEqual([CUSTOMER_AGE.max, CUSTOMER_AGE.max + 1]);
    }
  });
});

describe('the lead form’s birth date', () => {
  const fieldIssue = (birth: string) =>
    leadCreateSchemas.col.safeParse({ birth_date: birth }).error?.issues.find((issue) => issue.path[0] === 'birth_date')?.message;

  it('takes both ends of the range on the country’s today and refuses the days beyond, each with its reason', () => {
    const { min, max } = birthDateRange(todayIn('col'));
    expect(fieldIssue(max)).toBeUndefined();
    expect(fieldIssue(min)).toBeUndefined();
    expect(fieldIssue(addDays(max, 1))).toBe('El cliente debe ser mayor de edad (18 años)');
    expect(fieldIssue(addDays(min, -1))).toBe('Revisa el año: el cliente tendría más de 100 años');
    expect(fieldIssue('1990-02-30')).toBe('Ingresa una fecha válida');
  });
});
