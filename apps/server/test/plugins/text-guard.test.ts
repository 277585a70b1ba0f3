import { describe, expect, it } from 'vitest';
import { fieldWithForbiddenChar } from '../../src/plugins/app/text-guard';

describe('fieldWithForbiddenChar', () => {
  it('names the first field holding a control character or half a UTF-16 pair', () => {
    expect(fieldWithForbiddenChar({ a: 'ok', customer: { address: 'Calle 1 \u001b[31m' } })).toBe('customer.address');
    expect(fieldWithForbiddenChar({ items: ['ok', 'x\u0000'] })).toBe('items.1');
    expect(fieldWithForbiddenChar({ body: 'nota \ud800' })).toBe('body');
    expect(fieldWithForbiddenChar({ body: '\udc00 nota' })).toBe('body');
    expect(fieldWithForbiddenChar({ body: 'del \u007f' })).toBe('body');
    // What a body that is not UTF-8 decodes to: the bytes sent are lost.
    expect(fieldWithForbiddenChar({ customer: { last_name: 'Nu\ufffdez' } })).toBe('customer.last_name');
  });

  it('lets text through: tabs, line breaks, accents and whole emoji', () => {
    expect(fieldWithForbiddenChar({ body: 'línea 1\r\n\tlínea 2 😀 Ñandú', n: 5, list: [null, true] })).toBeUndefined();
  });
});
