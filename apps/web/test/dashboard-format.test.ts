import { describe, expect, it } from 'vitest';
import { age, change, longDay, percent, retriedMessage, shortDay } from '../src/features/dashboard/components/format';

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

describe('a figure against the previous period', () => {
  it('says the change in percent of the previous figure, its direction, and nothing of a percent from zero', () => {
    expect(change(112, 100)).toEqual({ direction: 'up', text: '+12% vs. período anterior' });
    expect(change(50, 200)).toEqual({ direction: 'down', text: '-75% vs. período anterior' });
    expect(change(7, 7)).toEqual({ direction: 'same', text: 'igual que en el período anterior' });
    expect(change(3, 0)).toEqual({ direction: 'up', text: 'el período anterior no tuvo ninguna' });
  });

  it('tells a rate in percentage points', () => {
    expect(change(0.25, 0.2, true)).toEqual({ direction: 'up', text: '+5 p. p. vs. período anterior' });
    expect(change(0.1, 0.125, true)).toEqual({ direction: 'down', text: '-2,5 p. p. vs. período anterior' });
  });
});
