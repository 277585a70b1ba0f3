import { z } from 'zod';
import type { Country } from './countries';

/**
 * Identity documents of both countries. Numbers are kept as digit strings (leading zeros and lengths
 * matter); people often type them with dots or dashes, so `onlyDigits` normalises before validating.
 */

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * What a phone number is written with: digits, spaces, '+', '-', '.', and brackets. Letters ('ext 12') or
 * other digits ('４', full width) are refused rather than dropped, which would call another number.
 */
export const PHONE_CHARACTERS = /^[0-9\s+().-]*$/;
export const PHONE_CHARACTERS_MESSAGE = 'Celular inválido: solo números, espacios, +, guiones o paréntesis';

/** Country calling codes: a number written in international form starts with one of them. */
const CALLING_CODES: Record<Country, string> = { arg: '54', col: '57' };

/**
 * A phone number as people write it, without what the stored national number (area code and number,
 * 10 digits) lacks: the international prefix ('+' or '00') and the country's calling code (54, 57) and, in
 * Argentina, the mobile '9' after 54, the trunk '0' before the area code and the '15' written before a
 * mobile's local number. Separators stay where they were: '+54 9 223 811-0111' → '223 811-0111',
 * '0223 15 811-0111' → '223  811-0111'. Anything else (a document, a fragment, another country's number)
 * comes back as it was, less a leading '+'. Without a country (free-text search, which finds a number however it was typed)
 * both countries' rules apply.
 */
export function nationalPhone(text: string, country?: Country): string {
  const arg = country !== 'col';
  const codes = country ? [CALLING_CODES[country]] : Object.values(CALLING_CODES);
  const parts = text.trim().match(/\d+|\D+/g) ?? [];
  const isDigits = (part: string) => /^\d/.test(part);
  let digits = parts.filter(isDigits).join('');
  const drop = (count: number) => {
    digits = digits.slice(count);
    for (const [i, part] of parts.entries()) {
      if (count === 0) break;
      if (!isDigits(part)) continue;
      const taken = Math.min(count, part.length);
      parts[i] = part.slice(taken);
      count -= taken;
    }
  };
  const plus = /^\+/.test(text.trim());
  // '00' dials abroad only ahead of a whole number (a calling code and 8 or more digits): a document
  // fragment such as '000336' is searched as it was typed.
  if (!plus && digits.length >= 11 && digits.startsWith('00') && /^\D*00/.test(text.trim())) drop(2);
  // Without a '+', only a number too long to be national is read as international (a CUIL has 11 digits).
  if ((plus || digits.length >= 12) && codes.includes(digits.slice(0, 2))) {
    const code = digits.slice(0, 2);
    drop(2);
    if (code === CALLING_CODES.arg && digits.length === 11 && digits.startsWith('9')) drop(1);
  }
  if (arg && digits.length >= 11 && digits.startsWith('0')) drop(1);
  // Area code plus '15' plus the local number: the '15' is a group of its own (its place is otherwise unknown).
  if (arg && digits.length === 12) {
    const fifteen = parts.findIndex((part, i) => part === '15' && parts.slice(0, i).some((before) => /\d/.test(before)));
    if (fifteen !== -1) parts[fifteen] = '';
  }
  return parts
    .join('')
    .replace(/^[^\d(]+/, '')
    .trim();
}

/**
 * A subscriber's national number, as customers' cellphones are stored and calls dial: arg 10 digits with a
 * geographic area code (11, 2x…, 3x…: a mobile and a landline read the same once the 9/15 are off), col a
 * mobile (10 digits starting with 3).
 */
export const NATIONAL_NUMBER: Record<Country, RegExp> = { arg: /^(11|[23]\d)\d{8}$/, col: /^3\d{9}$/ };

/** Why a number is not dialled (click-to-call, the test call): Spanish, shown as the `cellphone` field's error. */
export const DIAL_MESSAGES = {
  international: {
    arg: 'Celular inválido: solo se llama a números de Argentina, no al exterior',
    col: 'Celular inválido: solo se llama a números de Colombia, no al exterior',
  },
  premium: {
    arg: 'Celular inválido: no se llama a números de tarifa adicional (0600, 0609)',
    col: 'Celular inválido: no se llama a números de tarifa adicional (1-900)',
  },
  special: {
    arg: 'Celular inválido: no se llama a números especiales (0800, 0810, 0822)',
    col: 'Celular inválido: no se llama a números especiales (01 8000)',
  },
  national: {
    arg: 'Celular inválido: 10 dígitos con código de área, p. ej. 11 5555-4444',
    col: 'Celular inválido: 10 dígitos que empiezan con 3',
  },
} as const satisfies Record<string, Record<Country, string>>;

/**
 * The number a call dials: the country's national number (`nationalPhone`'s digits, as customers' cellphones
 * are stored), however it was written, or why it is refused. Only a subscriber number of the country is
 * dialled: arg 10 digits with a geographic area code (11, 2x…, 3x…: a mobile and a landline read the same once
 * the 9/15 are off), col a mobile (10 digits starting with 3: customers have a cellphone, never a landline).
 * Never another country's number (toll fraud), a premium-rate one (arg 0600-0609, col 1-900), a toll-free
 * or shared-cost one (arg 0800/0810/0822, col 01 8000) or a short code.
 */
export function dialablePhone(text: string, country: Country): { ok: true; digits: string } | { ok: false; message: string } {
  const refuse = (reason: keyof typeof DIAL_MESSAGES) => ({ ok: false as const, message: DIAL_MESSAGES[reason][country] });
  const written = text.trim();
  // Written internationally ('+…', '00…'): it must be this country's calling code.
  const international = /^[\s(]*\+/.test(written) ? onlyDigits(written) : /^[\s(]*00/.test(written) ? onlyDigits(written).slice(2) : null;
  if (international !== null && !international.startsWith(CALLING_CODES[country])) return refuse('international');
  const digits = onlyDigits(nationalPhone(written, country));
  if (country === 'arg') {
    if (NATIONAL_NUMBER.arg.test(digits)) return { ok: true, digits };
    // With the trunk 0 off: 06xx is premium rate, 08xx toll-free, shared cost or calling cards.
    if (digits.startsWith('6')) return refuse('premium');
    if (digits.startsWith('8')) return refuse('special');
    return refuse('national');
  }
  if (NATIONAL_NUMBER.col.test(digits)) return { ok: true, digits };
  if (/^(0?1)?900/.test(digits)) return refuse('premium');
  if (/^(0?1)?800/.test(digits)) return refuse('special');
  return refuse('national');
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

/** col CE (cédula de extranjería, a foreign resident's): 3 to 7 digits, no leading zero. */
export function isValidColCe(value: string): boolean {
  return /^[1-9]\d{2,6}$/.test(value);
}

const CBU_BANK_WEIGHTS = [7, 1, 3, 9, 7, 1, 3] as const;
const CBU_ACCOUNT_WEIGHTS = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3] as const;

/** The check digit of one CBU block: the weighted sum's complement to the next ten. */
function cbuCheckDigit(body: string, weights: readonly number[]): number {
  const sum = weights.reduce((acc, weight, i) => acc + weight * Number(body[i]), 0);
  return (10 - (sum % 10)) % 10;
}

/**
 * arg CBU (Clave Bancaria Uniforme): 22 digits in two blocks, each ending in its check digit: bank (3) +
 * branch (4) + check, then account (13) + check.
 */
export function isValidCbu(value: string): boolean {
  if (!/^\d{22}$/.test(value)) return false;
  return (
    cbuCheckDigit(value.slice(0, 7), CBU_BANK_WEIGHTS) === Number(value[7]) &&
    cbuCheckDigit(value.slice(8, 21), CBU_ACCOUNT_WEIGHTS) === Number(value[21])
  );
}

/** A valid CBU from a bank + branch code (7 digits) and an account number (13 digits). */
export function buildCbu(bankBranch: string, account: string): string {
  if (!/^\d{7}$/.test(bankBranch) || !/^\d{13}$/.test(account)) throw new Error('buildCbu expects 7 and 13 digits');
  return `${bankBranch}${cbuCheckDigit(bankBranch, CBU_BANK_WEIGHTS)}${account}${cbuCheckDigit(account, CBU_ACCOUNT_WEIGHTS)}`;
}

/** col bank account number: 6 to 20 digits. */
export function isValidColAccount(value: string): boolean {
  return /^\d{6,20}$/.test(value);
}

/**
 * What people type between a number's digits: dots and spaces ('30.111.222'), and dashes where the number
 * is written in groups (a CUIL '20-30111222-3', a bank account). Anything else (a letter, a dash in a CC,
 * which has no check digit to set apart) is refused rather than dropped: dropping it reads another number.
 */
const SEPARATORS = {
  plain: { allowed: /^[\d\s.]*$/, message: 'solo números, puntos o espacios' },
  grouped: { allowed: /^[\d\s.-]*$/, message: 'solo números, puntos, guiones o espacios' },
} as const;

const digits = (label: string, check: (value: string) => boolean, message: string, separators: keyof typeof SEPARATORS) =>
  z
    .string()
    .trim()
    .refine((value) => SEPARATORS[separators].allowed.test(value), {
      message: `${label} inválido: ${SEPARATORS[separators].message}`,
      abort: true,
    })
    .transform(onlyDigits)
    .refine(check, { message: `${label} inválido: ${message}` });

export const dniSchema = digits('DNI', isValidDni, 'debe tener 7 u 8 dígitos', 'plain');
export const cuilSchema = digits('CUIL', isValidCuil, 'debe tener 11 dígitos y un dígito verificador correcto', 'grouped');
export const colCcSchema = digits('CC', isValidColCc, 'debe tener entre 6 y 10 dígitos', 'plain');
export const colCeSchema = digits('CE', isValidColCe, 'debe tener entre 3 y 7 dígitos', 'plain');
/** Bank code 000 is no bank's: twenty-two zeros pass both check digits, yet pay no one. */
export const cbuSchema = digits('CBU', isValidCbu, 'debe tener 22 dígitos y dígitos verificadores correctos', 'grouped').refine(
  (value) => !isValidCbu(value) || !value.startsWith('000'),
  { message: 'CBU inválido: el código de banco 000 no existe' },
);
export const colAccountSchema = digits('Número de cuenta', isValidColAccount, 'debe tener entre 6 y 20 dígitos', 'grouped');
