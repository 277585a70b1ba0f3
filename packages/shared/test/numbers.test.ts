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
});
