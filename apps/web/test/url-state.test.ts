import { describe, expect, it } from 'vitest';
import { applyListPatch } from '../src/lib/url-state';

const params = (text: string) => new URLSearchParams(text);

describe('list URL state', () => {
  it('writes arrays as comma lists and removes empty values', () => {
    expect(applyListPatch(params('q=ana'), { status: [1, 2], q: '' }).toString()).toBe('status=1%2C2');
    expect(applyListPatch(params('exactCount=true'), { exactCount: false }).toString()).toBe('');
  });

  it('goes back to the first page when a filter changes', () => {
    expect(applyListPatch(params('page=4&cursor=abc&sort=id'), { amount: '0-5000' }).toString()).toBe('sort=id&amount=0-5000');
  });

  it('keeps the filters when only the page changes', () => {
    expect(applyListPatch(params('status=3'), { page: 2, cursor: 'xyz' }).toString()).toBe('status=3&page=2&cursor=xyz');
    expect(applyListPatch(params('status=3&page=2&cursor=xyz'), { page: 1, cursor: undefined }).toString()).toBe('status=3');
  });
});
