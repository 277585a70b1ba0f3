import { describe, expect, it } from 'vitest';
import {
  customerFormValues,
  mergeChanges,
  parseFormValues,
  rebaseCustomerEdit,
  type CustomerFormValues,
} from '../src/domain/customer-form-rebase';

const stored = (changes: Partial<CustomerFormValues> = {}): CustomerFormValues => ({
  first_name: 'Ana',
  last_name: 'Gómez',
  cellphone: '1122334455',
  email: 'ana@example.com',
  address: 'Calle 1',
  bank: '',
  bank_account: '',
  bank_account_type: '',
  version: 3,
  ...changes,
});

describe('a customer edit overtaken by another user’s save', () => {
  it('keeps what the user typed, takes the stored version and names the field the other user changed', () => {
    const base = stored();
    const typed = stored({ address: 'Calle Segunda' });
    const now = stored({ address: 'Calle Primera', version: 4 });
    const rebased = rebaseCustomerEdit(base, typed, now);
    expect(rebased.values).toEqual(stored({ address: 'Calle Segunda', version: 4 }));
    expect(rebased.changes).toEqual([{ field: 'address', stored: 'Calle Primera', conflict: true }]);
    expect(rebased.typed).toBe(true);
  });

  it('takes the other user’s change where the user typed nothing, and keeps the user’s own fields', () => {
    const rebased = rebaseCustomerEdit(
      stored(),
      stored({ email: 'ana.nueva@example.com' }),
      stored({ cellphone: '1155667788', version: 4 }),
    );
    // Their cellphone is not overwritten with the old one the form still showed.
    expect(rebased.values).toEqual(stored({ email: 'ana.nueva@example.com', cellphone: '1155667788', version: 4 }));
    expect(rebased.changes).toEqual([{ field: 'cellphone', stored: '1155667788', conflict: false }]);
  });

  it('does not name a field both users set to the same value', () => {
    const rebased = rebaseCustomerEdit(stored(), stored({ address: 'Calle 2' }), stored({ address: 'Calle 2', version: 4 }));
    expect(rebased.values).toEqual(stored({ address: 'Calle 2', version: 4 }));
    expect(rebased.changes).toEqual([]);
  });

  it('reports that nothing was typed when the form showed the customer as it was', () => {
    const rebased = rebaseCustomerEdit(stored(), stored(), stored({ email: 'otro@example.com', version: 4 }));
    expect(rebased.typed).toBe(false);
    expect(rebased.values).toEqual(stored({ email: 'otro@example.com', version: 4 }));
  });

  it('without the customer the edit started from, keeps every field the form had and flags each difference', () => {
    const rebased = rebaseCustomerEdit(
      undefined,
      stored({ address: 'Calle Vieja', version: 2 }),
      stored({ email: 'otro@example.com', version: 4 }),
    );
    expect(rebased.values).toEqual(stored({ address: 'Calle Vieja', version: 4 }));
    expect(rebased.changes).toEqual([
      { field: 'email', stored: 'otro@example.com', conflict: true },
      { field: 'address', stored: 'Calle 1', conflict: true },
    ]);
  });

  it('reads a stored customer as the form holds it, and a kept snapshot back', () => {
    const values = customerFormValues({
      id: 1,
      doc_type: 'DNI',
      doc_number: '30111222',
      cuil: null,
      first_name: 'Ana',
      last_name: 'Gómez',
      cellphone: null,
      email: null,
      birth_date: null,
      address: null,
      bank: null,
      bank_account: null,
      bank_account_type: null,
      version: 7,
    });
    expect(values).toEqual({
      first_name: 'Ana',
      last_name: 'Gómez',
      cellphone: '',
      email: '',
      address: '',
      bank: '',
      bank_account: '',
      bank_account_type: '',
      version: 7,
    });
    expect(parseFormValues(JSON.stringify(values))).toEqual(values);
    expect(parseFormValues('')).toBeUndefined();
    expect(parseFormValues('{"address":"x"}')).toBeUndefined();
    expect(parseFormValues('not json')).toBeUndefined();
  });

  it('keeps one entry per field across rebases, the newest, in form order', () => {
    const merged = mergeChanges(
      [
        { field: 'address', stored: 'Calle 2', conflict: true },
        { field: 'email', stored: 'a@example.com', conflict: false },
      ],
      [{ field: 'address', stored: 'Calle 3', conflict: false }],
    );
    expect(merged).toEqual([
      { field: 'email', stored: 'a@example.com', conflict: false },
      { field: 'address', stored: 'Calle 3', conflict: false },
    ]);
  });
});
