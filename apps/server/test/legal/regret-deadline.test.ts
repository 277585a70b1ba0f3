import { describe, expect, it } from 'vitest';
import { addBusinessDays, isBusinessDay, regretDeadline } from '../../src/services/regret-deadline';

const arg = { rule: 'longer', calendarDays: 10, businessDays: 10 } as const;

describe('the regret deadline', () => {
  it('counts calendar days straight through weekends and holidays', () => {
    // Friday 20 March 2026 + 10 calendar days, the 24th (a national holiday) and two weekends included.
    expect(regretDeadline('arg', '2026-03-20', { ...arg, rule: 'calendar' })).toEqual({ deadline: '2026-03-30', rule: 'calendar' });
  });

  it('counts business days past weekends and AR national holidays', () => {
    expect(isBusinessDay('arg', '2026-03-24')).toBe(false); // Día de la Memoria
    expect(isBusinessDay('arg', '2026-04-02')).toBe(false); // Malvinas
    expect(isBusinessDay('arg', '2026-04-03')).toBe(false); // Viernes Santo
    expect(isBusinessDay('arg', '2026-03-21')).toBe(false); // a Saturday
    expect(isBusinessDay('arg', '2026-03-25')).toBe(true);
    // 23, 25, 26, 27, 30, 31 March, 1, 6, 7, 8 April: the 24th, 2nd and 3rd and the weekends skipped.
    expect(regretDeadline('arg', '2026-03-20', { ...arg, rule: 'business' })).toEqual({ deadline: '2026-04-08', rule: 'business' });
  });

  it('counts only weekends away when no holiday falls in the period', () => {
    expect(addBusinessDays('arg', '2026-09-04', 10)).toBe('2026-09-18');
    expect(regretDeadline('arg', '2026-09-04', { ...arg, rule: 'calendar' }).deadline).toBe('2026-09-14');
  });

  it("takes whichever count ends later by default (the customer's favour)", () => {
    expect(regretDeadline('arg', '2026-03-20', arg)).toEqual({ deadline: '2026-04-08', rule: 'business' });
    // Configured with a longer calendar period, the calendar count is the later one.
    expect(regretDeadline('arg', '2026-09-04', { ...arg, calendarDays: 30 })).toEqual({ deadline: '2026-10-04', rule: 'calendar' });
  });

  it("uses CO's holidays for col", () => {
    // Monday 23 March 2026 is San José in Colombia, a working day in Argentina.
    expect(isBusinessDay('col', '2026-03-23')).toBe(false);
    expect(isBusinessDay('arg', '2026-03-23')).toBe(true);
    expect(regretDeadline('col', '2026-03-20', { rule: 'business', calendarDays: 5, businessDays: 5 })).toEqual({
      deadline: '2026-03-30',
      rule: 'business',
    });
  });

  it('crosses a year end with its holidays', () => {
    // Thursday 24 December 2026: the 25th and 1 January are holidays, weekends after each: 28, 29, 30, 31, 4.
    expect(addBusinessDays('arg', '2026-12-24', 4)).toBe('2026-12-31');
    expect(addBusinessDays('arg', '2026-12-24', 5)).toBe('2027-01-04');
  });
});
