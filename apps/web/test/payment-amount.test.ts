import { describe, expect, it } from 'vitest';
import { minorUnitsOf } from '../src/features/loans/components/payment-form';

describe('a typed payment amount in minor units', () => {
  it('reads the last separator before one or two digits as the decimal one, whichever it is', () => {
    expect(minorUnitsOf('1.234,5')).toBe(123_450);
    expect(minorUnitsOf('1,234.56')).toBe(123_456);
    expect(minorUnitsOf('15000')).toBe(1_500_000);
    expect(minorUnitsOf(' 1 500 ')).toBe(150_000);
    expect(minorUnitsOf('1.500.000')).toBe(150_000_000);
  });

  it('is not a number for what is not an amount', () => {
    expect(minorUnitsOf('')).toBeNaN();
    expect(minorUnitsOf('-5')).toBeNaN();
    expect(minorUnitsOf('12a')).toBeNaN();
  });
});
