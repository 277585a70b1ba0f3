import { addDays, dayParts, daysBetween } from '../calendar';

/*
 * The money of a loan as pure functions on integer minor units: the French schedule, its due dates, how a
 * payment is spread over the open installments, late interest. The server stores what these compute.
 */

export interface ScheduleTerms {
  /** Minor units. */
  principal: number;
  /** Number of monthly installments. */
  term: number;
  /** Nominal annual rate, percent. */
  rate: number;
  /** VAT on interest, percent. */
  vatRate: number;
}

export interface ScheduledInstallment {
  number: number;
  dueDate: string;
  principal: number;
  interest: number;
  vat: number;
}

/** Whether customers pay on that calendar day (YYYY-MM-DD); the default knows weekends only. */
export type BusinessDay = (day: string) => boolean;

export const isWeekday: BusinessDay = (day) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
};

/** The same day of the month `months` later, or that month's last day when it has no such day (31 → 30). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = dayParts(day);
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

/** The day itself when customers pay on it, else the next one they do. */
export function nextBusinessDay(day: string, isBusinessDay: BusinessDay = isWeekday): string {
  let current = day;
  // Bounded: no calendar has a month without a working day.
  for (let i = 0; i < 31 && !isBusinessDay(current); i++) current = addDays(current, 1);
  return current;
}

/** Monthly due dates from the disbursement's day, each moved off weekends and holidays to the next working day. */
export function dueDates(disbursedOn: string, term: number, isBusinessDay: BusinessDay = isWeekday): string[] {
  return Array.from({ length: term }, (_, i) => nextBusinessDay(addMonths(disbursedOn, i + 1), isBusinessDay));
}

/**
 * The French (constant installment) schedule. Each row's interest is the balance's month of interest, rounded
 * half up; the principal is the constant installment less it. The last row takes the balance left and the
 * interest that makes the total exactly round(n × exact installment − principal), so rounding never makes
 * the schedule owe a unit more or less than the loan. VAT is each row's interest × vatRate, the last row
 * absorbing the rounding the same way.
 */
export function frenchSchedule(terms: ScheduleTerms, dates: readonly string[]): ScheduledInstallment[] {
  const { principal, term, rate, vatRate } = terms;
  if (!Number.isInteger(principal) || principal <= 0) throw new RangeError('principal must be a positive integer');
  if (!Number.isInteger(term) || term <= 0) throw new RangeError('term must be a positive integer');
  if (dates.length !== term) throw new RangeError('one due date per installment');
  const r = rate / 100 / 12;
  const exact = r === 0 ? principal / term : (principal * r) / (1 - (1 + r) ** -term);
  const installment = Math.round(exact);
  const totalInterest = Math.max(0, Math.round(exact * term - principal));
  const totalVat = Math.round((totalInterest * vatRate) / 100);
  const rows: ScheduledInstallment[] = [];
  let balance = principal;
  let interestSoFar = 0;
  let vatSoFar = 0;
  for (const [i, dueDate] of dates.entries()) {
    const last = i === term - 1;
    let interest = last ? totalInterest - interestSoFar : Math.min(Math.round(balance * r), totalInterest - interestSoFar);
    interest = Math.max(0, interest);
    const rowPrincipal = last ? balance : Math.min(balance, Math.max(0, installment - interest));
    const vat = last ? totalVat - vatSoFar : Math.round((interest * vatRate) / 100);
    rows.push({ number: i + 1, dueDate, principal: rowPrincipal, interest, vat });
    balance -= rowPrincipal;
    interestSoFar += interest;
    vatSoFar += vat;
  }
  return rows;
}

/** What an installment still owes, by part. */
export interface OpenInstallment {
  id: number;
  number: number;
  lateInterest: number;
  interest: number;
  vat: number;
  principal: number;
}

export interface Allocation {
  installmentId: number;
  lateInterest: number;
  interest: number;
  vat: number;
  principal: number;
}

/**
 * A payment spread over the open installments, oldest first: each one's late interest, then its interest
 * with its VAT (pro rata, so the VAT paid always matches the interest paid), then its principal, before the
 * next installment. What is left over is the customer's credit.
 */
export function allocatePayment(amount: number, open: readonly OpenInstallment[]): { allocations: Allocation[]; credit: number } {
  if (!Number.isInteger(amount) || amount <= 0) throw new RangeError('amount must be a positive integer');
  let left = amount;
  const allocations: Allocation[] = [];
  for (const due of [...open].sort((a, b) => a.number - b.number)) {
    if (left <= 0) break;
    const lateInterest = Math.min(left, due.lateInterest);
    left -= lateInterest;
    const taxed = due.interest + due.vat;
    const towardsInterest = Math.min(left, taxed);
    left -= towardsInterest;
    const vat = towardsInterest === taxed ? due.vat : Math.floor((towardsInterest * due.vat) / Math.max(1, taxed));
    const interest = towardsInterest - vat;
    const principal = Math.min(left, due.principal);
    left -= principal;
    if (lateInterest + towardsInterest + principal > 0) {
      allocations.push({ installmentId: due.id, lateInterest, interest, vat, principal });
    }
  }
  return { allocations, credit: left };
}

/**
 * Late interest of an overdue installment for the days after `from` through `to` (both calendar days): the
 * annual rate per day (365) on its unpaid principal + interest, rounded half up. `from` is the day accrued
 * through so far (or the due date): accruing through the same day twice adds nothing.
 */
export function lateInterestFor(base: number, annualRate: number, from: string, to: string): number {
  // daysBetween counts both ends; the day accrued through is already counted.
  const days = daysBetween(from, to) - 1;
  if (days <= 0 || base <= 0) return 0;
  return Math.round((base * annualRate * days) / 36_500);
}
