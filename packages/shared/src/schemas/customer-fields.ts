import { z } from 'zod';
import { COL_ACCOUNT_TYPES, COL_BANKS, isColWallet } from '../catalogues/banks';
import { CUSTOMER_AGE, birthDateRange, todayIn } from '../calendar';
import type { Country } from '../countries';
import { formatMoney } from '../format';
import {
  cbuSchema,
  colAccountSchema,
  cuilSchema,
  DIAL_MESSAGES,
  NATIONAL_NUMBER,
  nationalPhone,
  onlyDigits,
  PHONE_CHARACTERS,
  PHONE_CHARACTERS_MESSAGE,
} from '../documents';
import { addressText, requiredText, type FieldError } from './common';
import { isoDateSchema } from './list';

// A customer's fields as the forms ask them (names, birth date, phones, bank account, amounts): the new
// lead's and the customer edit's.

/** Per-country limits of a new application, in whole currency units. */
export const LEAD_LIMITS = {
  arg: { minAmount: 1_000, maxAmount: 1_000_000, minTerm: 1, maxTerm: 36 },
  col: { minAmount: 100_000, maxAmount: 50_000_000, minTerm: 1, maxTerm: 36 },
} as const;

/**
 * A name as it is pasted from anywhere: composed ('José' typed on a Mac arrives as e + a combining accent),
 * full-width ('ＡＮＡ', from some IMEs: search reads text in NFKC, so stored so it is found), a typographic
 * apostrophe (O’Connor) or a non-breaking space are the same name, stored one way (NFKC). After that a
 * letter may still carry combining marks with no composed code point; more than two on one letter
 * ('Á́́́́', stacked accents) is no name's spelling and is refused as not letters.
 */
const NAME_PATTERN = /^(?!.*\p{M}{3})([\p{L}][\p{L}\p{M} '.-]*)?$/u;
const name = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined || issue.input === null ? `${label}: campo obligatorio` : `${label}: debe ser texto`),
    })
    .transform((value) =>
      value
        .normalize('NFKC')
        .replace(/[\u2018\u2019\u02bc]/g, "'")
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .pipe(
      z
        .string()
        .regex(NAME_PATTERN, { message: `${label}: solo letras`, abort: true })
        .min(2, `${label}: al menos 2 letras`)
        .max(80, `${label}: hasta 80 caracteres`),
    );

/** A birth date within CUSTOMER_AGE on the country's today (the calendar offers the same days). */
const birthDateOf = (country: Country) =>
  isoDateSchema.superRefine((value, context) => {
    const { min, max } = birthDateRange(todayIn(country));
    if (value > max) context.addIssue({ code: 'custom', message: `El cliente debe ser mayor de edad (${CUSTOMER_AGE.min} años)` });
    else if (value < min)
      context.addIssue({ code: 'custom', message: `Revisa el año: el cliente tendría más de ${CUSTOMER_AGE.max} años` });
  });

/**
 * An optional text of a new application: null or blank ("" or spaces, as an empty form field sends it) is
 * "not given" (undefined), never "erase": a reused customer keeps what is stored (LeadsRepository.create).
 */
const blankIsNotGiven = (schema: z.ZodString) => schema.nullish().transform((value) => (value ? value : undefined));

/** A cellphone as stored: the national number's digits, however it was written ('+54 9 11 …', '011 15 …'). */
const nationalDigits = (country: Country) => (value: string) => onlyDigits(nationalPhone(value, country));
const cellphoneText = requiredText('Ingresa el celular', 'Celular').regex(PHONE_CHARACTERS, PHONE_CHARACTERS_MESSAGE);

/**
 * The customer's own fields, each required and read as a new customer stores it: the sale's customer edit
 * takes them as they are; a new application takes them optional (`leadCustomerFields`).
 */
export const customerFieldSchemas = {
  arg: {
    first_name: name('Nombre'),
    last_name: name('Apellido'),
    birth_date: birthDateOf('arg'),
    cuil: requiredText('Ingresa el CUIL', 'CUIL').pipe(cuilSchema),
    cellphone: cellphoneText.transform(nationalDigits('arg')).refine((v) => NATIONAL_NUMBER.arg.test(v), DIAL_MESSAGES.national.arg),
    // Trimmed before it is checked: ' Ana@Mail.com ' from an API client is the address a form field would send.
    email: requiredText('Ingresa el email', 'Email').trim().toLowerCase().pipe(z.email('Ingresa un email válido').max(254)),
  },
  col: {
    first_name: name('Nombre'),
    last_name: name('Apellido'),
    birth_date: birthDateOf('col'),
    cellphone: cellphoneText.transform(nationalDigits('col')).refine((v) => NATIONAL_NUMBER.col.test(v), DIAL_MESSAGES.national.col),
    email: requiredText('Ingresa el email', 'Email').trim().toLowerCase().pipe(z.email('Ingresa un email válido').max(254)),
  },
} as const;

/**
 * What a new application says about the customer besides the document: its identity (names, birth date,
 * arg's CUIL) and contact (cellphone, email). An existing customer (same document) keeps its identity and, for
 * a contact field left blank, the stored value, so none is required by the schema; a document new to the
 * country needs them all (`NEW_CUSTOMER_FIELDS`, checked by the server where it knows whether the customer
 * exists, and by the form when the lookup found none). In the body's order, the messages of a missing one.
 */
export const NEW_CUSTOMER_FIELDS = {
  arg: {
    first_name: 'Nombre: campo obligatorio',
    last_name: 'Apellido: campo obligatorio',
    birth_date: 'Ingresa una fecha válida',
    email: 'Ingresa el email',
    cuil: 'Ingresa el CUIL',
    cellphone: 'Ingresa el celular',
  },
  col: {
    first_name: 'Nombre: campo obligatorio',
    last_name: 'Apellido: campo obligatorio',
    birth_date: 'Ingresa una fecha válida',
    email: 'Ingresa el email',
    cellphone: 'Ingresa el celular',
  },
} as const satisfies Record<Country, Record<string, string>>;
/** The identity a new application never changes in an existing customer (what its form does not ask then). */
export const CUSTOMER_IDENTITY_FIELDS = {
  arg: ['first_name', 'last_name', 'birth_date', 'cuil'],
  col: ['first_name', 'last_name', 'birth_date'],
} as const satisfies { [C in Country]: readonly (keyof (typeof NEW_CUSTOMER_FIELDS)[C])[] };

/** Nothing given: absent, null, or blank ('' or spaces, as an empty form field sends it). */
export const isNotGiven = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The NEW_CUSTOMER_FIELDS a body does not give (absent, null or blank), each with its message: what a
 * document new to the country still needs. Reads a body as sent or as parsed alike.
 */
export function missingNewCustomerFields(country: Country, body: Record<string, unknown>): FieldError[] {
  return Object.entries(NEW_CUSTOMER_FIELDS[country])
    .filter(([field]) => isNotGiven(body[field]))
    .map(([field, message]) => ({ field, message }));
}

/** An optional customer field of a new application: nothing given (null or blank too) is absent. */
const unlessNotGiven = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (isNotGiven(value) ? undefined : value), schema.optional());

export const leadCustomerFields = {
  arg: {
    first_name: unlessNotGiven(customerFieldSchemas.arg.first_name),
    last_name: unlessNotGiven(customerFieldSchemas.arg.last_name),
    birth_date: unlessNotGiven(customerFieldSchemas.arg.birth_date),
    cuil: unlessNotGiven(customerFieldSchemas.arg.cuil),
    cellphone: unlessNotGiven(customerFieldSchemas.arg.cellphone),
    email: unlessNotGiven(customerFieldSchemas.arg.email),
  },
  col: {
    first_name: unlessNotGiven(customerFieldSchemas.col.first_name),
    last_name: unlessNotGiven(customerFieldSchemas.col.last_name),
    birth_date: unlessNotGiven(customerFieldSchemas.col.birth_date),
    cellphone: unlessNotGiven(customerFieldSchemas.col.cellphone),
    email: unlessNotGiven(customerFieldSchemas.col.email),
  },
};

export const commonLeadFields = {
  address: blankIsNotGiven(addressText()),
};

const isBody = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `schema` plus a check of the whole body that is told together with every field's own reason: an object's
 * refinements are skipped once any field failed with `abort` (zod 4; the amount, the names and the documents
 * give one reason each that way), so a rule across fields written on the object was only learnt after
 * everything else was fixed. The check runs beside the object, on the body as sent (a body that is no object
 * at all is left to the object to refuse), and adds its issues; the object's output is the result.
 */
export function withBodyCheck<T extends z.ZodType>(schema: T, check: (body: Record<string, unknown>, ctx: z.RefinementCtx) => void) {
  // Its value is always {}: merged into the object's output, it adds nothing and never conflicts with it.
  const beside = z.unknown().transform((body, ctx) => {
    if (isBody(body)) check(body, ctx);
    return {};
  });
  return z.intersection(schema, beside);
}

/** An optional field: absent, null or empty is null, anything else must pass `schema`. */
export const optionalField = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), schema.nullable()).default(null);

/**
 * The customer's bank account (DOMAIN 2), optional when a lead is created and when a seller edits the
 * customer: arg a CBU (its first digits name the bank, so no bank field and no type); col a bank from the
 * list, the account's type and its number, or none of them (`colBankAccountIssues`).
 */
export const bankAccountFields = {
  arg: {
    bank: optionalField(z.never({ error: 'En Argentina el banco lo indica el CBU' })).describe('No se envía: el CBU indica el banco'),
    bank_account: optionalField(cbuSchema).describe('CBU: 22 dígitos con sus dígitos verificadores (opcional)'),
    bank_account_type: optionalField(z.never({ error: 'En Argentina no se indica el tipo de cuenta: basta el CBU' })).describe(
      'No se envía: basta el CBU',
    ),
  },
  col: {
    bank: optionalField(z.enum(COL_BANKS, { error: 'Elige un banco de la lista' })).describe(
      'Banco de la lista, junto con bank_account (opcional)',
    ),
    bank_account: optionalField(colAccountSchema).describe(
      'Número de cuenta, 6 a 20 dígitos, junto con bank; en Nequi y Daviplata, el celular del titular (opcional)',
    ),
    bank_account_type: optionalField(z.enum(COL_ACCOUNT_TYPES, { error: 'Tipo de cuenta: Ahorros o Corriente' })).describe(
      'Ahorros o Corriente, con un banco; Nequi y Daviplata no tienen tipo',
    ),
  },
} as const;

export const COL_BANK_ACCOUNT_MESSAGES = {
  pair: 'Indica el banco y el número de cuenta, o ninguno',
  typeRequired: 'Elige el tipo de cuenta: ahorros o corriente',
  typeWithoutBank: 'El tipo de cuenta va con un banco y su número de cuenta',
  walletType: (bank: string) => `${bank} no tiene tipo de cuenta: déjalo vacío`,
  walletAccount: (bank: string) => `En ${bank} la cuenta es el celular del titular: 10 dígitos que empiezan por 3`,
} as const;

export interface ColBankAccount {
  bank: string | null;
  bank_account: string | null;
  bank_account_type: string | null;
}
/** A col cellphone, and so a wallet's account number. */
const COL_CELLPHONE = /^3\d{9}$/;
type BankAccountIssue = { path: 'bank_account' | 'bank_account_type'; message: string };

/**
 * What is wrong with a col bank account as a whole (each field already valid on its own): a bank and its
 * number come together or not at all; a bank's account has a type (a transfer names it), a wallet's has none
 * and its number is the holder's cellphone.
 */
export function colBankAccountIssues({ bank, bank_account: account, bank_account_type: type }: ColBankAccount): BankAccountIssue[] {
  if ((bank === null) !== (account === null)) return [{ path: 'bank_account', message: COL_BANK_ACCOUNT_MESSAGES.pair }];
  if (bank === null || account === null)
    return type === null ? [] : [{ path: 'bank_account_type', message: COL_BANK_ACCOUNT_MESSAGES.typeWithoutBank }];
  if (!isColWallet(bank)) return type === null ? [{ path: 'bank_account_type', message: COL_BANK_ACCOUNT_MESSAGES.typeRequired }] : [];
  return [
    ...(type === null ? [] : [{ path: 'bank_account_type' as const, message: COL_BANK_ACCOUNT_MESSAGES.walletType(bank) }]),
    ...(COL_CELLPHONE.test(account) ? [] : [{ path: 'bank_account' as const, message: COL_BANK_ACCOUNT_MESSAGES.walletAccount(bank) }]),
  ];
}
type BankValue = string | null | undefined;
type BankFieldSchemas = { [K in keyof ColBankAccount]: z.ZodType<BankValue, unknown> };
/**
 * colBankAccountIssues as a check of the whole body (withBodyCheck), so it is told together with every other
 * field's reason: `fields` read the three as the object does, and the account is checked only when all three
 * are valid on their own (one reason per field). With `keptWhenAbsent` (an edit) the three left out keep the
 * stored account, and the bank and its number come together; otherwise a field left out is none.
 */
export function colBankAccountBodyCheck(fields: BankFieldSchemas, keptWhenAbsent = false) {
  return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const bank = fields.bank.safeParse(body.bank);
    const account = fields.bank_account.safeParse(body.bank_account);
    const type = fields.bank_account_type.safeParse(body.bank_account_type);
    if (!bank.success || !account.success || !type.success) return;
    if (keptWhenAbsent) {
      // An edit changes the bank and its number together: one of them alone would pair the other with a stale value.
      if ((bank.data === undefined) !== (account.data === undefined)) {
        ctx.addIssue({ code: 'custom', message: COL_BANK_ACCOUNT_MESSAGES.pair, path: ['bank_account'] });
        return;
      }
      if (bank.data === undefined && account.data === undefined && type.data === undefined) return;
    }
    const value = { bank: bank.data ?? null, bank_account: account.data ?? null, bank_account_type: type.data ?? null };
    // New objects: zod's addIssue rewrites the params object it is given (message → error).
    for (const { path, message } of colBankAccountIssues(value)) ctx.addIssue({ code: 'custom', message, path: [path] });
  };
}

/**
 * A number as a form or an API client sends it: a number, or its decimal digits as text ('12', ' 25000 ',
 * '1500.50'); blank or null is none (undefined). Anything else (true, [12], '0x0c', '2.5e4') is left as it
 * is for the type check to refuse: coerced, each of those was read as some number and stored.
 */
const numberText = (value: unknown) => {
  if (value === null) return undefined;
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (text === '') return undefined;
  return /^-?\d{1,15}(\.\d{1,15})?$/.test(text) ? Number(text) : value;
};

export const termOf = (limits: { minTerm: number; maxTerm: number }) =>
  z.preprocess(
    numberText,
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Ingresa el plazo en cuotas' : 'El plazo es un número entero de cuotas') })
      .int('El plazo es un número entero de cuotas')
      .min(limits.minTerm, `Plazo entre ${limits.minTerm} y ${limits.maxTerm} cuotas`)
      .max(limits.maxTerm, `Plazo entre ${limits.minTerm} y ${limits.maxTerm} cuotas`),
  );

/**
 * An amount as people write it here: '2.500.000', '$ 2.500.000' or '2.500.000,00' (dots between thousands
 * and no cents, as the app shows amounts) is 2500000; blank is no amount; any other text is left to the
 * number checks ('1500.50' has cents: refused).
 */
const wholeAmountText = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const text = value.replace(/[$\s\u00a0]/g, '').replace(/,0{1,2}$/, '');
  if (text === '') return undefined;
  return /^\d{1,3}(\.\d{3})+$/.test(text) ? text.replaceAll('.', '') : text;
};

/** An amount as people write it, within the country's limits. */
const AMOUNT_EXAMPLE: Record<Country, string> = { arg: '25.000', col: '2.500.000' };

export const amountOf = (country: Country) => {
  const { minAmount, maxAmount } = LEAD_LIMITS[country];
  return z.preprocess(
    (value) => numberText(wholeAmountText(value)),
    z
      .any()
      .refine((value) => value !== undefined, { message: 'Ingresa el monto solicitado', abort: true })
      .pipe(
        z
          .number({ error: `Monto inválido: escribe pesos enteros, p. ej. ${AMOUNT_EXAMPLE[country]}` })
          // One reason each: out of the limits says so first (1e300 is past the maximum, not 'with cents').
          .max(maxAmount, { message: `Monto máximo ${formatMoney(country, maxAmount * 100)}`, abort: true })
          .min(minAmount, { message: `Monto mínimo ${formatMoney(country, minAmount * 100)}`, abort: true })
          .int('El monto es en unidades enteras, sin centavos'),
      ),
  );
};

/**
 * An amount as people write it ('1.500.000', '$ 1.500.000', '1.500.000,00'), within the country's limits: the
 * amount a lead asks for, and the one risk offers (the workflow holds an offer to the same limits).
 */
export const wholeAmountSchemas = { arg: amountOf('arg'), col: amountOf('col') } as const;
