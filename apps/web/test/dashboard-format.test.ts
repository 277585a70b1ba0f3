import { describe, expect, it } from 'vitest';
import { age, longDay, percent, retriedMessage, shortDay } from '../src/features/dashboard/components/format';

// The web tests build for arg: es-AR formats.
describe('dashboard formats', () => {
  it('says waits as a person would', () => {
    expect(age(null)).toBe('—');
    expect(age(0.5)).toBe('30 min');
    expect(age(7.25)).toBe('7,3 h');
    expect(age(76.8)).toBe('3,2 días');
  });

  it('formats rates and calendar days without moving them across time zones', () => {
    expect(percent(0.2857)).toBe('28,6%');
    expect(shortDay('2026-03-01')).toBe('1/3');
    expect(longDay('2026-12-31')).toMatch(/^31 .*2026$/);
  });
});

describe('what queueing the stopped stages again says', () => {
  it('counts them, in the country’s number format, and says when none was left', () => {
    expect(retriedMessage(1)).toBe('La etapa detenida vuelve a intentarse ahora.');
    expect(retriedMessage(1250)).toBe('1.250 etapas detenidas vuelven a intentarse ahora.');
    expect(retriedMessage(0)).toBe('No quedaban etapas detenidas: ya se habían ejecutado.');
  });
});
