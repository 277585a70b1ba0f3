import { describe, expect, it } from 'vitest';
import {
  buildCuil,
  customerLookupQuerySchemas,
  leadCreateSchemas,
  newCustomerLeadCreateSchemas,
  saleCustomerUpdateSchemas,
  scheduleCallBodySchema,
} from '../src';

const argLead = {
  doc_number: '30.111.222',
  cuil: buildCuil('30111222', 'male'),
  first_name: 'José',
  last_name: 'Núñez',
  birth_date: '1990-04-15',
  cellphone: '1155554444',
  email: 'jose@example.com',
  requested_amount: 25000,
  term: 12,
};
const colLead = { ...argLead, doc_number: '1012345678', cuil: undefined, cellphone: '3101234567', requested_amount: 2_500_000 };

describe('a new application’s optional fields', () => {
  it('reads a blank address, bank or account (an empty form field) as not given, never as a value to store', () => {
    for (const blank of ['', '   ']) {
      const arg = leadCreateSchemas.arg.parse({ ...argLead, address: blank, bank_account: blank });
      expect(arg).toMatchObject({ address: undefined, bank: null, bank_account: null });
      const col = leadCreateSchemas.col.parse({ ...colLead, address: blank, bank: blank, bank_account: blank });
      expect(col).toMatchObject({ address: undefined, bank: null, bank_account: null });
    }
    expect(leadCreateSchemas.arg.parse(argLead).address).toBeUndefined();
    expect(leadCreateSchemas.arg.parse({ ...argLead, address: '  Av. Siempreviva 742 ' }).address).toBe('Av. Siempreviva 742');
    expect(leadCreateSchemas.arg.safeParse({ ...argLead, address: 'x'.repeat(201) }).error?.issues).toEqual([
      expect.objectContaining({ path: ['address'], message: 'El domicilio admite hasta 200 caracteres' }),
    ]);
  });
});

describe('the customer lookup’s document', () => {
  it('is read with the creation’s rule of each country (separators allowed), naming doc_number otherwise', () => {
    expect(customerLookupQuerySchemas.arg.parse({ doc_number: '30.111.222' })).toEqual({ doc_number: '30111222' });
    // col: a CC unless the type says CE, each read by its own rule.
    expect(customerLookupQuerySchemas.col.parse({ doc_number: '1.012.345.678' })).toEqual({ doc_type: 'CC', doc_number: '1012345678' });
    expect(customerLookupQuerySchemas.col.parse({ doc_type: 'CE', doc_number: '345.678' })).toEqual({
      doc_type: 'CE',
      doc_number: '345678',
    });
    for (const [country, doc] of [
      ['arg', '123'],
      ['arg', '012345678'],
      ['col', '12345'],
      ['col', 'abc'],
    ] as const) {
      expect(
        customerLookupQuerySchemas[country].safeParse({ doc_number: doc }).error?.issues.map((issue) => issue.path),
        doc,
      ).toEqual([['doc_number']]);
    }
    expect(
      customerLookupQuerySchemas.col.safeParse({ doc_type: 'CE', doc_number: '1012345678' }).error?.issues.map((issue) => issue.message),
    ).toEqual(['CE inválido: debe tener entre 3 y 7 dígitos']);
    expect(
      customerLookupQuerySchemas.col.safeParse({ doc_type: 'PA', doc_number: '123456' }).error?.issues.map((issue) => issue.path),
    ).toEqual([['doc_type']]);
    expect(customerLookupQuerySchemas.arg.safeParse({}).error?.issues.map((issue) => issue.message)).toEqual(['Ingresa el DNI']);
  });
});

describe('the col document of a new lead', () => {
  it('is a CC unless it says CE, each with its rule, and only the document is named when it is wrong', () => {
    expect(leadCreateSchemas.col.parse(colLead)).toMatchObject({ doc_type: 'CC', doc_number: colLead.doc_number });
    expect(leadCreateSchemas.col.parse({ ...colLead, doc_type: 'CE', doc_number: '1 234 567' })).toMatchObject({
      doc_type: 'CE',
      doc_number: '1234567',
    });
    const issues = (patch: object) =>
      leadCreateSchemas.col.safeParse({ ...colLead, ...patch }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(issues({ doc_type: 'CE', doc_number: '12345678' })).toEqual(['doc_number: CE inválido: debe tener entre 3 y 7 dígitos']);
    expect(issues({ doc_type: 'CC', doc_number: '1234' })).toEqual(['doc_number: CC inválido: debe tener entre 6 y 10 dígitos']);
    expect(issues({ doc_type: 'CE', doc_number: '12A45' })).toEqual(['doc_number: CE inválido: solo números, puntos o espacios']);
    // Other fields wrong too: each is named once.
    expect(issues({ doc_type: 'CE', doc_number: '12345678', email: 'no' })).toEqual([
      'email: Ingresa un email válido',
      'doc_number: CE inválido: debe tener entre 3 y 7 dígitos',
    ]);
  });
});

describe('the amount and the email as people and API clients write them', () => {
  const amountIssues = (value: unknown) =>
    leadCreateSchemas.arg
      .safeParse({ ...argLead, requested_amount: value })
      .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

  it('reads whole pesos with thousands dots, a currency sign or zero cents; tells missing from unreadable', () => {
    for (const [typed, amount] of [
      ['25.000', 25000],
      ['$ 25.000', 25000],
      ['25.000,00', 25000],
      ['25000,00', 25000],
      ['25000', 25000],
      [25000, 25000],
    ] as const) {
      expect(leadCreateSchemas.arg.parse({ ...argLead, requested_amount: typed }).requested_amount, String(typed)).toBe(amount);
    }
    for (const missing of ['', '  ', undefined]) expect(amountIssues(missing)).toEqual(['requested_amount: Ingresa el monto solicitado']);
    for (const unreadable of ['25,000', 'abc', '25.00.0']) {
      expect(amountIssues(unreadable), unreadable).toEqual(['requested_amount: Monto inválido: escribe pesos enteros, p. ej. 25.000']);
    }
    expect(amountIssues('1500.50')).toEqual(['requested_amount: El monto es en unidades enteras, sin centavos']);
    expect(amountIssues(500)).toEqual([expect.stringMatching(/^requested_amount: Monto mínimo \$\s1\.000$/)]);
  });

  it('refuses what is not a number instead of reading some number into it, and tells a missing term', () => {
    const issues = (patch: object) =>
      leadCreateSchemas.arg.safeParse({ ...argLead, ...patch }).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ??
      [];
    for (const term of [true, [12], '0x0c', '1e1', 'doce'])
      expect(issues({ term }), JSON.stringify(term)).toEqual(['term: El plazo es un número entero de cuotas']);
    for (const missing of [null, '', '  ', undefined])
      expect(issues({ term: missing }), String(missing)).toEqual(['term: Ingresa el plazo en cuotas']);
    expect(leadCreateSchemas.arg.parse({ ...argLead, term: ' 12 ' }).term).toBe(12);
    for (const amount of [true, [25000], '0x61A8', '2.5e4', 'NaN']) {
      expect(issues({ requested_amount: amount }), JSON.stringify(amount)).toEqual([
        'requested_amount: Monto inválido: escribe pesos enteros, p. ej. 25.000',
      ]);
    }
    expect(issues({ requested_amount: null })).toEqual(['requested_amount: Ingresa el monto solicitado']);
    expect(leadCreateSchemas.col.safeParse({ ...colLead, requested_amount: [1_000_000] }).success).toBe(false);
    // Its example is the country's: a Colombian amount is in millions.
    expect(
      leadCreateSchemas.col.safeParse({ ...colLead, requested_amount: '2,500,000' }).error?.issues.map((issue) => issue.message),
    ).toEqual(['Monto inválido: escribe pesos enteros, p. ej. 2.500.000']);
  });

  it('trims and lower-cases the email before checking it', () => {
    expect(leadCreateSchemas.arg.parse({ ...argLead, email: '  JOSE.Nunez@Mail.COM ' }).email).toBe('jose.nunez@mail.com');
    expect(leadCreateSchemas.col.safeParse({ ...colLead, email: ' no es un email ' }).error?.issues.map((issue) => issue.message)).toEqual([
      'Ingresa un email válido',
    ]);
  });
});

describe('the cellphone as people write it', () => {
  it('is stored as the national number, whatever the international or trunk form', () => {
    for (const typed of ['11 5555-4444', '+54 9 11 5555-4444', '011 15 5555-4444', '5491155554444']) {
      expect(leadCreateSchemas.arg.parse({ ...argLead, cellphone: typed }).cellphone, typed).toBe('1155554444');
    }
    expect(leadCreateSchemas.col.parse({ ...colLead, cellphone: '+57 310 123 4567' }).cellphone).toBe('3101234567');
    expect(leadCreateSchemas.arg.safeParse({ ...argLead, cellphone: '+54 9 11 5555' }).error?.issues.map((issue) => issue.message)).toEqual(
      ['Celular inválido: 10 dígitos con código de área, p. ej. 11 5555-4444'],
    );
  });
});

describe('a name as it is pasted', () => {
  const firstName = (value: unknown) => {
    const parsed = leadCreateSchemas.arg.safeParse({ ...argLead, first_name: value });
    return parsed.success ? parsed.data.first_name : parsed.error.issues.map((issue) => issue.message);
  };

  it('is the same name composed or decomposed, with a typographic apostrophe or a non-breaking space', () => {
    expect(firstName('Jose\u0301')).toBe('José');
    expect(firstName('O’Connor')).toBe("O'Connor");
    expect(firstName('Ma\u00a0José')).toBe('Ma José');
    expect(firstName('  Ana   María ')).toBe('Ana María');
    // Vietnamese stacks two marks on a letter (ễ: e, circumflex, tilde), composed or not.
    expect(firstName('Nguyễn')).toBe('Nguyễn');
    expect(firstName('Nguye\u0302\u0303n')).toBe('Nguyễn');
    expect(firstName('Nguyê\u0303\u0323n')).toBe('Nguyê\u0303\u0323n'.normalize('NFC'));
    // Full-width letters (some IMEs type them) are the name search finds: search reads text in NFKC.
    expect(firstName('ＺＯＲＲＯＱＵＩ')).toBe('ZORROQUI');
    expect(
      saleCustomerUpdateSchemas.arg.parse({
        first_name: 'Ａｎａ',
        last_name: 'Ｐéｒｅｚ',
        cellphone: '1155554444',
        email: 'a@b.co',
        version: 1,
      }),
    ).toMatchObject({
      first_name: 'Ana',
      last_name: 'Pérez',
    });
  });

  it('gets one reason when it is wrong', () => {
    expect(firstName('1')).toEqual(['Nombre: solo letras']);
    // Stacked combining accents: NFC leaves them on the letter, more than two is no name's spelling.
    expect(firstName('A\u0301\u0301\u0301\u0301\u0301')).toEqual(['Nombre: solo letras']);
    expect(firstName('Jose\u0301\u0301\u0301\u0301')).toEqual(['Nombre: solo letras']);
    expect(firstName('Ana\u0300\u0301\u0302\u0303 María')).toEqual(['Nombre: solo letras']);
    expect(firstName('A')).toEqual(['Nombre: al menos 2 letras']);
    // Blank is not given (an existing customer keeps theirs); a new document's body needs it.
    expect(firstName('')).toBeUndefined();
    const newCustomer = newCustomerLeadCreateSchemas.arg.safeParse({ ...argLead, first_name: '' });
    expect(newCustomer.error?.issues.map((issue) => issue.message)).toEqual(['Nombre: campo obligatorio']);
  });
});

describe('a new application’s customer data', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const application = {
    arg: { doc_number: '30.111.222', requested_amount: 25000, term: 12 },
    col: { doc_number: '1012345678', requested_amount: 2_500_000, term: 12 },
  };

  it('is optional in the body: an existing customer keeps its identity, and its contact data when none is given', () => {
    for (const country of ['arg', 'col'] as const) {
      const parsed = leadCreateSchemas[country].parse({
        ...application[country],
        first_name: '',
        last_name: '  ',
        birth_date: null,
        cellphone: '',
        email: '',
      });
      expect(parsed, country).toMatchObject({
        first_name: undefined,
        last_name: undefined,
        birth_date: undefined,
        cellphone: undefined,
        email: undefined,
        term: 12,
      });
      // What is given is still checked.
      expect(issues(leadCreateSchemas[country].safeParse({ ...application[country], cellphone: '123', email: 'no' })), country).toEqual([
        'email: Ingresa un email válido',
        expect.stringMatching(/^cellphone: Celular inválido/),
      ]);
    }
    expect(leadCreateSchemas.arg.parse({ ...application.arg, cuil: '' })).toMatchObject({ doc_number: '30111222', cuil: undefined });
    expect(issues(leadCreateSchemas.arg.safeParse({ ...application.arg, cuil: buildCuil('30111223', 'male') }))).toEqual([
      'cuil: El CUIL no corresponde al DNI',
    ]);
  });

  it('is required of a new document: each missing field named with its message, together with the other fields’ reasons', () => {
    expect(issues(newCustomerLeadCreateSchemas.arg.safeParse({ ...application.arg, requested_amount: 'mucho', email: ' ' }))).toEqual([
      'requested_amount: Monto inválido: escribe pesos enteros, p. ej. 25.000',
      'first_name: Nombre: campo obligatorio',
      'last_name: Apellido: campo obligatorio',
      'birth_date: Ingresa una fecha válida',
      'email: Ingresa el email',
      'cuil: Ingresa el CUIL',
      'cellphone: Ingresa el celular',
    ]);
    expect(issues(newCustomerLeadCreateSchemas.col.safeParse({ ...colLead, first_name: undefined, cellphone: null }))).toEqual([
      'first_name: Nombre: campo obligatorio',
      'cellphone: Ingresa el celular',
    ]);
    expect(newCustomerLeadCreateSchemas.arg.parse(argLead)).toEqual(leadCreateSchemas.arg.parse(argLead));
    // A body that is no object at all is only that.
    expect(issues(newCustomerLeadCreateSchemas.col.safeParse([]))).toEqual([': Invalid input: expected object, received array']);
  });
});

describe('a rule across fields', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

  it('is told together with every other field’s reason (a bad or missing amount no longer hides a wrong cédula)', () => {
    for (const amount of ['', 'abc', 5, 1e300]) {
      expect(issues(leadCreateSchemas.col.safeParse({ ...colLead, requested_amount: amount, doc_number: '12' })), String(amount)).toEqual([
        expect.stringMatching(/^requested_amount: /),
        'doc_number: CC inválido: debe tener entre 6 y 10 dígitos',
      ]);
    }
    expect(issues(leadCreateSchemas.col.safeParse({ ...colLead, first_name: 'J0sé', doc_type: 'CE', doc_number: '12345678' }))).toEqual([
      'first_name: Nombre: solo letras',
      'doc_number: CE inválido: debe tener entre 3 y 7 dígitos',
    ]);
    // col's bank and account, both or neither: told with a bad amount, on the lead and on the sale's customer edit.
    expect(issues(leadCreateSchemas.col.safeParse({ ...colLead, requested_amount: 'abc', bank: 'Bancolombia' }))).toEqual([
      'requested_amount: Monto inválido: escribe pesos enteros, p. ej. 2.500.000',
      'bank_account: Indica el banco y el número de cuenta, o ninguno',
    ]);
    expect(issues(leadCreateSchemas.col.safeParse({ ...colLead, first_name: '1', bank_account: '123456789' }))).toEqual([
      'first_name: Nombre: solo letras',
      'bank_account: Indica el banco y el número de cuenta, o ninguno',
    ]);
    const customer = { first_name: 'José', last_name: 'Núñez', cellphone: '3101234567', email: 'jose@example.com', version: 1 };
    expect(issues(saleCustomerUpdateSchemas.col.safeParse({ ...customer, last_name: '1', bank: 'Bancolombia' }))).toEqual([
      'last_name: Apellido: solo letras',
      'bank_account: Indica el banco y el número de cuenta, o ninguno',
    ]);
    expect(issues(saleCustomerUpdateSchemas.col.safeParse({ ...customer, cellphone: 3101234567, bank: null }))).toEqual([
      expect.stringMatching(/^cellphone: /),
      'bank_account: Indica el banco y el número de cuenta, o ninguno',
    ]);
    // A field wrong on its own is only that; a right pair, or none, passes as before.
    expect(issues(leadCreateSchemas.col.safeParse({ ...colLead, bank: 'Banco X' }))).toEqual(['bank: Elige un banco de la lista']);
    expect(
      leadCreateSchemas.col.parse({ ...colLead, bank: 'Bancolombia', bank_account: '123456789', bank_account_type: 'Ahorros' }),
    ).toMatchObject({
      bank: 'Bancolombia',
      bank_account: '123456789',
      bank_account_type: 'Ahorros',
    });
    expect(saleCustomerUpdateSchemas.col.parse(customer)).toEqual(customer);
    expect(saleCustomerUpdateSchemas.col.parse({ ...customer, bank: '', bank_account: null })).toMatchObject({
      bank: null,
      bank_account: null,
    });
    // arg's CUIL of another DNI, the same way.
    expect(issues(leadCreateSchemas.arg.safeParse({ ...argLead, requested_amount: '', cuil: buildCuil('30111223', 'male') }))).toEqual([
      'requested_amount: Ingresa el monto solicitado',
      'cuil: El CUIL no corresponde al DNI',
    ]);
  });
});

describe("a customer's cellphone", () => {
  it('is a number calls may dial: arg a geographic area code, not a premium-rate or toll-free line', () => {
    const cellphone = (value: string) => {
      const parsed = leadCreateSchemas.arg.safeParse({ ...argLead, cellphone: value });
      return parsed.success ? parsed.data.cellphone : parsed.error.issues.map((issue) => issue.message);
    };
    expect(cellphone('011 15 5555-4444')).toBe('1155554444');
    expect(cellphone('351 555-4444')).toBe('3515554444');
    for (const line of ['0600 222 3333', '0800 333 4444', '4155554444', '9155554444']) {
      expect(cellphone(line), line).toEqual(['Celular inválido: 10 dígitos con código de área, p. ej. 11 5555-4444']);
    }
  });
});

describe('col bank account: a bank, its type and number; a wallet and its cellphone', () => {
  const issues = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  const customer = { first_name: 'José', last_name: 'Núñez', cellphone: '3101234567', email: 'jose@example.com', version: 1 };
  const lead = (account: Record<string, unknown>) => issues(leadCreateSchemas.col.safeParse({ ...colLead, ...account }));
  const edit = (account: Record<string, unknown>) => issues(saleCustomerUpdateSchemas.col.safeParse({ ...customer, ...account }));

  it('asks a bank for the type of the account, and refuses one on a wallet or without a bank', () => {
    for (const check of [lead, edit]) {
      expect(check({ bank: 'Davivienda', bank_account: '0550123456' })).toEqual([
        'bank_account_type: Elige el tipo de cuenta: ahorros o corriente',
      ]);
      expect(check({ bank: 'Davivienda', bank_account: '0550123456', bank_account_type: 'Corriente' })).toEqual([]);
      expect(check({ bank: 'Nequi', bank_account: '3101234567', bank_account_type: 'Ahorros' })).toEqual([
        'bank_account_type: Nequi no tiene tipo de cuenta: déjalo vacío',
      ]);
      expect(check({ bank: null, bank_account: null, bank_account_type: 'Ahorros' })).toEqual([
        'bank_account_type: El tipo de cuenta va con un banco y su número de cuenta',
      ]);
      expect(check({ bank: 'Davivienda', bank_account: '0550123456', bank_account_type: 'Nómina' })).toEqual([
        'bank_account_type: Tipo de cuenta: Ahorros o Corriente',
      ]);
    }
  });

  it("takes a wallet's account as the holder's cellphone, told with the other fields' reasons", () => {
    expect(lead({ bank: 'Daviplata', bank_account: '3101234567' })).toEqual([]);
    expect(lead({ bank: 'Daviplata', bank_account: '310 123 4567' })).toEqual([]);
    expect(lead({ first_name: '1', bank: 'Daviplata', bank_account: '1234567890' })).toEqual([
      'first_name: Nombre: solo letras',
      'bank_account: En Daviplata la cuenta es el celular del titular: 10 dígitos que empiezan por 3',
    ]);
    expect(edit({ bank: 'Nequi', bank_account: '31012345678', bank_account_type: 'Corriente' })).toEqual([
      'bank_account_type: Nequi no tiene tipo de cuenta: déjalo vacío',
      'bank_account: En Nequi la cuenta es el celular del titular: 10 dígitos que empiezan por 3',
    ]);
  });

  it('keeps the stored account when an edit leaves the three out, and clears it with the three empty', () => {
    expect(saleCustomerUpdateSchemas.col.parse(customer)).toEqual(customer);
    expect(saleCustomerUpdateSchemas.col.parse({ ...customer, bank: '', bank_account: '', bank_account_type: '' })).toMatchObject({
      bank: null,
      bank_account: null,
      bank_account_type: null,
    });
    expect(edit({ bank_account_type: 'Ahorros' })).toEqual(['bank_account_type: El tipo de cuenta va con un banco y su número de cuenta']);
    expect(edit({ bank: null })).toEqual(['bank_account: Indica el banco y el número de cuenta, o ninguno']);
  });

  it('has no account type in arg, where the CBU is the account', () => {
    expect(issues(leadCreateSchemas.arg.safeParse({ ...argLead, bank_account_type: 'Ahorros' }))).toEqual([
      'bank_account_type: En Argentina no se indica el tipo de cuenta: basta el CBU',
    ]);
  });
});

describe('one reason per wrong value', () => {
  it('an amount far past the maximum is past the maximum', () => {
    const issues = leadCreateSchemas.arg.safeParse({ ...argLead, requested_amount: 1e300 }).error?.issues.map((issue) => issue.message);
    expect(issues).toEqual([expect.stringMatching(/^Monto máximo/)]);
  });

  it('a call back time that is not a date is only that', () => {
    for (const at of ['2026-13-01T10:00:00Z', 'mañana', '+275760-09-13T00:00:00.000Z']) {
      expect(
        scheduleCallBodySchema.safeParse({ at }).error?.issues.map((issue) => issue.message),
        at,
      ).toEqual(['Indica fecha y hora de la llamada']);
    }
  });
});
