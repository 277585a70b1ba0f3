import { z } from 'zod';

/**
 * Identity documents of both countries. Numbers are kept as digit strings (leading zeros and lengths
 * matter); people often type them with dots or dashes, so `onlyDigits` normalises before validating.
 */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** arg DNI: 7 or 8 digits, no leading zero. */
export function isValidDni(value: string): boolean {
  return /^[1-9]\d{6,7}$/.test(value);
}

/** arg CUIL/CUIT prefixes: 20 male, 27 female, 23/24 when the usual prefix yields check digit 10, 30/33/34 companies. */
export const CUIL_PREFIXES = ['20', '23', '24', '27', '30', '33', '34'] as const;

const CUIL_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/**
 * The mod-11 check digit of the first 10 digits of a CUIL. Returns 10 when no valid digit exists for that
 * prefix (AFIP then assigns prefix 23 instead), so callers must treat 10 as "invalid combination".
 */
export function cuilCheckDigit(first10: string): number {
  if (!/^\d{10}$/.test(first10)) throw new Error('cuilCheckDigit expects 10 digits');
  const sum = CUIL_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(first10[i]), 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit;
}

/** arg CUIL: 11 digits, a known prefix and the right mod-11 check digit. */
export function isValidCuil(value: string): boolean {
  if (!/^\d{11}$/.test(value)) return false;
  if (!(CUIL_PREFIXES as readonly string[]).includes(value.slice(0, 2))) return false;
  const digit = cuilCheckDigit(value.slice(0, 10));
  return digit !== 10 && digit === Number(value[10]);
}

/**
 * Builds the CUIL of a person from the DNI, as AFIP does: 20 (male) or 27 (female), falling back to 23 when
 * that prefix would need check digit 10.
 */
export function buildCuil(dni: string, sex: 'male' | 'female'): string {
  if (!isValidDni(dni)) throw new Error(`Invalid DNI: ${dni}`);
  const body = dni.padStart(8, '0');
  for (const prefix of [sex === 'male' ? '20' : '27', '23', '24']) {
    const digit = cuilCheckDigit(prefix + body);
    if (digit !== 10) return `${prefix}${body}${digit}`;
  }
  // Unreachable in practice: 23 and 24 never both give 10 for the same body.
  throw new Error(`No CUIL for DNI ${dni}`);
}

/** The DNI inside a CUIL (digits 3 to 10, without padding zeros). */
export function dniOfCuil(cuil: string): string {
  return String(Number(cuil.slice(2, 10)));
}

/** col CC (cédula de ciudadanía): 6 to 10 digits, no leading zero. */
export function isValidColCc(value: string): boolean {
  return /^[1-9]\d{5,9}$/.test(value);
}

const digits = (label: string, check: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .transform(onlyDigits)
    .refine(check, { message: `${label} inválido: ${message}` });

export const dniSchema = digits('DNI', isValidDni, 'debe tener 7 u 8 dígitos');
export const cuilSchema = digits('CUIL', isValidCuil, 'debe tener 11 dígitos y un dígito verificador correcto');
export const colCcSchema = digits('CC', isValidColCc, 'debe tener entre 6 y 10 dígitos');
