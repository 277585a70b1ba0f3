import { describe, expect, it } from 'vitest';
import {
  addMonths,
  allocatePayment,
  bucketOf,
  dueDates,
  effectiveAnnualRate,
  frenchSchedule,
  lateInterestFor,
  LOAN_CONFIG,
  nextBusinessDay,
  usuryRefusal,
  type OpenInstallment,
} from '../src/index';

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('French schedule', () => {
  it('arg: principal sums exactly, interest totals n × installment − principal, VAT 21% of each interest', () => {
    const terms = { principal: 15_000_000, term: 12, rate: 89.5, vatRate: LOAN_CONFIG.arg.vatRate };
    const rows = frenchSchedule(terms, dueDates('2026-01-15', 12));
    expect(rows).toHaveLength(12);
    expect(sum(rows.map((r) => r.principal))).toBe(15_000_000);
    const r = 89.5 / 100 / 12;
    const exact = (15_000_000 * r) / (1 - (1 + r) ** -12);
    expect(sum(rows.map((r) => r.interest))).toBe(Math.round(exact * 12 - 15_000_000));
    expect(sum(rows.map((r) => r.vat))).toBe(Math.round((sum(rows.map((r) => r.interest)) * 21) / 100));
    for (const row of rows.slice(0, -1)) {
      expect(row.vat).toBe(Math.round(row.interest * 0.21));
      // Constant installment (principal + interest) but for the last, which absorbs the rounding.
      expect(row.principal + row.interest).toBe(Math.round(exact));
    }
    const last = rows[11]!;
    expect(Math.abs(last.principal + last.interest - Math.round(exact))).toBeLessThanOrEqual(12);
    // Interest falls as the balance does.
    expect(rows[0]!.interest).toBeGreaterThan(rows[10]!.interest);
  });

  it('col: no VAT; odd amounts still sum exactly', () => {
    for (const principal of [100_000_001, 50_000_00, 1_234_567_89]) {
      for (const term of [6, 12, 36]) {
        const rows = frenchSchedule({ principal, term, rate: 24.37, vatRate: 0 }, dueDates('2026-03-31', term));
        expect(sum(rows.map((r) => r.principal))).toBe(principal);
        expect(rows.every((r) => r.vat === 0 && r.interest >= 0 && r.principal > 0)).toBe(true);
      }
    }
  });

  it('a zero rate splits the principal, the last row taking the remainder', () => {
    const rows = frenchSchedule({ principal: 1000, term: 3, rate: 0, vatRate: 21 }, dueDates('2026-01-05', 3));
    expect(rows.map((r) => [r.principal, r.interest, r.vat])).toEqual([
      [333, 0, 0],
      [333, 0, 0],
      [334, 0, 0],
    ]);
  });
});

describe('due dates', () => {
  it('same day each month, the month end when shorter', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });

  it('moved off weekends and holidays to the next working day', () => {
    // 2026-02-14 is a Saturday: Monday the 16th, unless it is a holiday (arg carnival), then Wednesday.
    expect(nextBusinessDay('2026-02-14')).toBe('2026-02-16');
    const holidays = new Set(['2026-02-16', '2026-02-17']);
    expect(dueDates('2026-01-14', 1, (day) => nextBusinessDay(day) === day && !holidays.has(day))).toEqual(['2026-02-18']);
  });
});

describe('usury (col)', () => {
  it('refuses a rate whose effective annual rate exceeds the ceiling in force, with the figures', () => {
    expect(usuryRefusal('col', 28.75, '2026-06-01')).toBeNull();
    const refusal = usuryRefusal('col', 40, '2026-06-01');
    expect(refusal).toMatch(
      /tasa efectiva anual del préstamo \(48,21%\) supera la tasa de usura vigente \(33,90% E\.A\. desde el 01\/01\/2026\)/,
    );
    // The ceiling of the day: the same rate was lawful under 2024's higher one.
    expect(effectiveAnnualRate(30)).toBeCloseTo(34.49, 2);
    expect(usuryRefusal('col', 30, '2024-02-01')).toBeNull();
    expect(usuryRefusal('col', 30, '2026-02-01')).not.toBeNull();
    // arg has no ceiling.
    expect(usuryRefusal('arg', 300, '2026-06-01')).toBeNull();
  });
});

describe('payment allocation', () => {
  const open: OpenInstallment[] = [
    { id: 12, number: 2, lateInterest: 0, interest: 1000, vat: 210, principal: 5000 },
    { id: 11, number: 1, lateInterest: 150, interest: 800, vat: 168, principal: 5200 },
  ];

  it('oldest first: late interest, then interest with its VAT, then principal', () => {
    const { allocations, credit } = allocatePayment(6500, open);
    expect(credit).toBe(0);
    expect(allocations).toEqual([
      { installmentId: 11, lateInterest: 150, interest: 800, vat: 168, principal: 5200 },
      { installmentId: 12, lateInterest: 0, interest: 151, vat: 31, principal: 0 },
    ]);
  });

  it('a short payment pays late interest first and interest before principal', () => {
    expect(allocatePayment(100, open).allocations).toEqual([{ installmentId: 11, lateInterest: 100, interest: 0, vat: 0, principal: 0 }]);
    expect(allocatePayment(1000, open).allocations).toEqual([
      { installmentId: 11, lateInterest: 150, interest: 703, vat: 147, principal: 0 },
    ]);
  });

  it('overpayment becomes credit', () => {
    const total = 150 + 800 + 168 + 5200 + 1000 + 210 + 5000;
    const { allocations, credit } = allocatePayment(total + 999, open);
    expect(credit).toBe(999);
    expect(sum(allocations.map((a) => a.lateInterest + a.interest + a.vat + a.principal))).toBe(total);
  });
});

describe('late interest', () => {
  it('per day on the base at the annual rate; the same day twice adds nothing', () => {
    // 100,000.00 at 36.5% a year: 100.00 a day.
    expect(lateInterestFor(10_000_000, 36.5, '2026-03-10', '2026-03-11')).toBe(10_000);
    expect(lateInterestFor(10_000_000, 36.5, '2026-03-10', '2026-03-20')).toBe(100_000);
    expect(lateInterestFor(10_000_000, 36.5, '2026-03-20', '2026-03-20')).toBe(0);
    expect(lateInterestFor(0, 36.5, '2026-03-10', '2026-03-20')).toBe(0);
  });
});

describe('buckets', () => {
  it('bounds', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([
      null,
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });
});
