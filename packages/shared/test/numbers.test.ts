import { describe, expect, it } from 'vitest';
import { idSchema, leadCreateSchemas, setManagementStatusBodySchema } from '../src';

const reasons = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('ids and versions as a request sends them', () => {
  it('gives one Spanish reason for anything but a positive integer PostgreSQL can hold', () => {
    for (const version of [Infinity, 1.5, 0, -1, 2 ** 53, 1e20, '3', true, null]) {
      expect(reasons(setManagementStatusBodySchema.safeParse({ management_status: 'No responde', version })), String(version)).toEqual([
        'version: Debe ser un número entero positivo',
      ]);
    }
    expect(setManagementStatusBodySchema.parse({ management_status: 'No responde', version: 2_147_483_647 }).version).toBe(2_147_483_647);
    expect(reasons(idSchema.safeParse('0'))).toEqual([': Debe ser un número entero positivo']);
    expect(idSchema.parse('42')).toBe(42);
  });

  it('tells a name that is not text from a missing one', () => {
    const lead = { doc_number: '30111222', last_name: 'Pérez', requested_amount: 25_000, term: 12 };
    expect(reasons(leadCreateSchemas.arg.safeParse({ ...lead, first_name: ['Ana'] }))).toEqual(['first_name: Nombre: debe ser texto']);
    expect(reasons(leadCreateSchemas.arg.safeParse({ ...lead, first_name: 123 }))).toEqual(['first_name: Nombre: debe ser texto']);
  });

  it('tells a document, CUIL, cellphone or email sent as a number that it must be text, not that it is missing', () => {
    const lead = { doc_number: '30111222', requested_amount: 25_000, term: 12 };
    expect(reasons(leadCreateSchemas.arg.safeParse({ ...lead, cellphone: 1144445555 }))).toEqual(['cellphone: Celular: debe ser texto']);
    expect(reasons(leadCreateSchemas.arg.safeParse({ ...lead, cuil: 20301112223 }))).toEqual(['cuil: CUIL: debe ser texto']);
    expect(reasons(leadCreateSchemas.arg.safeParse({ ...lead, email: 5 }))).toEqual(['email: Email: debe ser texto']);
    expect(reasons(leadCreateSchemas.arg.safeParse({ ...lead, doc_number: 30111222 }))).toEqual(['doc_number: DNI: debe ser texto']);
    const colLead = { ...lead, requested_amount: 3_000_000 };
    expect(reasons(leadCreateSchemas.col.safeParse({ ...colLead, doc_number: 1012345678 }))).toEqual([
      'doc_number: Número de documento: debe ser texto',
    ]);
    expect(reasons(leadCreateSchemas.col.safeParse({ ...colLead, doc_number: undefined }))).toEqual([
      'doc_number: Ingresa el número de documento',
    ]);
    // An empty field (what a form sends) is missing too, not a CC or CE with too few digits.
    for (const doc_number of ['', '  ']) {
      for (const doc_type of ['CC', 'CE']) {
        expect(reasons(leadCreateSchemas.col.safeParse({ ...colLead, doc_type, doc_number })), `${doc_type} '${doc_number}'`).toEqual([
          'doc_number: Ingresa el número de documento',
        ]);
      }
    }
  });

  it('takes a null address as not given and drops direction controls from it', () => {
    const lead = { doc_number: '30111222', requested_amount: 25_000, term: 12 };
    expect(leadCreateSchemas.arg.parse({ ...lead, address: null }).address).toBeUndefined();
    expect(leadCreateSchemas.arg.parse({ ...lead, address: ' Calle \u202e1 ' }).address).toBe('Calle 1');
  });
});
