/// <reference types="node" />
import { afterEach, describe, expect, it } from 'vitest';
import {
  countryWallTime,
  countryWallTimeToDate,
  formatCalendarDate,
  formatDate,
  formatDateTime,
  formatMoney,
  formatTime,
} from '../src/format';

const machineZone = process.env.TZ;
/** Runs `fn` on a machine whose clock is in `zone` (Node re-reads TZ when it is assigned). */
function inZone<T>(zone: string, fn: () => T): T {
  process.env.TZ = zone;
  return fn();
}
afterEach(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

describe('dates on the country clock', () => {
  it('shows an instant as the country reads it, whatever the machine zone', () => {
    for (const zone of ['UTC', 'Asia/Tokyo', 'America/Los_Angeles']) {
      inZone(zone, () => {
        expect(formatDateTime('arg', '2026-11-23T00:14:00Z')).toBe('22/11/2026, 21:14');
        expect(formatDateTime('col', new Date('2026-11-23T00:14:00Z'))).toBe('22/11/2026, 19:14');
        expect(formatDate('arg', '2026-11-23T02:59:00Z')).toBe('22/11/2026');
        expect(formatDate('arg', '2026-11-23T03:00:00Z')).toBe('23/11/2026');
        expect(formatTime('col', '2026-11-23T05:05:00Z')).toBe('00:05');
      });
    }
  });

  it('shows a calendar date as written, even west of UTC where its midnight is the day before', () => {
    inZone('America/Argentina/Buenos_Aires', () => {
      expect(formatCalendarDate('1980-05-12')).toBe('12/05/1980');
      expect(formatCalendarDate('2001-01-01')).toBe('01/01/2001');
    });
  });

  it('reads a typed wall time as the country means it', () => {
    inZone('Asia/Tokyo', () => {
      expect(countryWallTimeToDate('arg', '2026-11-23T10:00')?.toISOString()).toBe('2026-11-23T13:00:00.000Z');
      expect(countryWallTimeToDate('col', '2026-11-23T10:00')?.toISOString()).toBe('2026-11-23T15:00:00.000Z');
      expect(countryWallTimeToDate('arg', '2026-11-23T23:30:15')?.toISOString()).toBe('2026-11-24T02:30:15.000Z');
      // Argentina kept summer time (UTC-2) in January 2008.
      expect(countryWallTimeToDate('arg', '2008-01-15T10:00')?.toISOString()).toBe('2008-01-15T12:00:00.000Z');
      // Its round trip gives the wall time back.
      expect(formatDateTime('col', countryWallTimeToDate('col', '2026-02-28T08:45')!)).toBe('28/02/2026, 08:45');
    });
  });

  it('names an instant as the country’s wall time, whatever the machine’s zone', () => {
    inZone('Asia/Tokyo', () => {
      // 02:30 UTC on the 24th is still the 23rd in both countries (and already the 24th, 11:30, in Tokyo).
      expect(countryWallTime('arg', new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23T23:30');
      expect(countryWallTime('col', new Date('2026-11-24T02:30:00Z'))).toBe('2026-11-23T21:30');
      expect(countryWallTime('arg', new Date('2008-01-15T12:00:00Z'))).toBe('2008-01-15T10:00');
      expect(countryWallTimeToDate('col', countryWallTime('col', new Date('2026-02-28T13:45:00Z')))?.toISOString()).toBe(
        '2026-02-28T13:45:00.000Z',
      );
    });
  });

  it('refuses what is no date-time', () => {
    for (const text of ['', 'mañana', '2026-11-23', '2026-13-01T10:00', '2026-11-23 10:00', '2026-11-23T10:00Z']) {
      expect(countryWallTimeToDate('arg', text)).toBeUndefined();
    }
  });
});

describe('money', () => {
  it('is whole units of the country currency', () => {
    // Intl puts a no-break space after the sign.
    expect(formatMoney('arg', 1_350_000).replace(/\s/g, ' ')).toBe('$ 13.500');
    expect(formatMoney('col', 123_456_789).replace(/\s/g, ' ')).toBe('$ 1.234.568');
  });
});
