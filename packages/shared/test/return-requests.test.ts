import { describe, expect, it } from 'vitest';
import { RETURN_REQUEST_STATUSES } from '../src/catalogues/statuses';
import {
  DESIST_REQUEST_STATUSES,
  REGRET_TRANSITIONS,
  allowedRegretTransitions,
  findRegretTransition,
  regretReturnAmount,
  regretStatusId,
} from '../src/workflow/return-requests';

const id = (name: string) => regretStatusId('arg', name);

describe('the return request transition table', () => {
  it('uses only SPEC 4 return-request ids in arg and its own ids in col', () => {
    const argIds = new Set(RETURN_REQUEST_STATUSES.map((s) => s.id));
    for (const t of REGRET_TRANSITIONS.arg) expect(argIds.has(t.from) && argIds.has(t.to)).toBe(true);
    const colIds = new Set(DESIST_REQUEST_STATUSES.map((s) => s.id));
    for (const t of REGRET_TRANSITIONS.col) expect(colIds.has(t.from) && colIds.has(t.to)).toBe(true);
  });

  it('reaches every arg status 1001-1013 from pending', () => {
    const seen = new Set([id('pending')]);
    for (let grew = true; grew;) {
      grew = false;
      for (const t of REGRET_TRANSITIONS.arg)
        if (seen.has(t.from) && !seen.has(t.to)) {
          seen.add(t.to);
          grew = true;
        }
    }
    expect([...seen].sort()).toEqual(RETURN_REQUEST_STATUSES.map((s) => s.id));
  });

  it('walks the main path pending → … → certified, only certifying annulling the loan', () => {
    const path = ['pending', 'approved', 'generating order', 'order generated', 'transfer in progress', 'transferred', 'certified'];
    for (let i = 1; i < path.length; i++) expect(findRegretTransition('arg', id(path[i - 1]!), id(path[i]!)), path[i]).toBeDefined();
    expect(REGRET_TRANSITIONS.arg.filter((t) => t.annulsLoan).map((t) => t.to)).toEqual([id('certified')]);
    expect(REGRET_TRANSITIONS.col.filter((t) => t.annulsLoan).map((t) => t.to)).toEqual([regretStatusId('col', 'certified')]);
  });

  it('retries a failed transfer and order, and asks a reason for rejecting, cancelling and closing with a balance', () => {
    expect(findRegretTransition('arg', id('transfer failed'), id('transfer in progress'))?.starts).toBe('transfer');
    expect(findRegretTransition('arg', id('fail generating order'), id('generating order'))?.starts).toBe('order');
    expect(findRegretTransition('arg', id('pending'), id('rejected'))?.reasonRequired).toBe(true);
    expect(findRegretTransition('arg', id('pending balance'), id('closed'))?.reasonRequired).toBe(true);
    for (const t of REGRET_TRANSITIONS.arg.filter((t) => t.to === id('cancelled'))) expect(t.reasonRequired).toBe(true);
  });

  it('lets roles choose only what the table gives them, never a stage outcome', () => {
    // arg: ATC 9, supervisor 8, collector 10.
    expect(
      allowedRegretTransitions('arg', id('pending'), 9)
        .map((t) => t.to)
        .sort(),
    ).toEqual([id('approved'), id('rejected'), id('cancelled')].sort());
    expect(allowedRegretTransitions('arg', id('pending'), 10)).toEqual([]);
    expect(allowedRegretTransitions('arg', id('transferred'), 9)).toEqual([]);
    expect(allowedRegretTransitions('arg', id('transferred'), 8).map((t) => t.to)).toEqual([id('certified')]);
    expect(allowedRegretTransitions('arg', id('transfer in progress'), 1)).toEqual([]);
    expect(allowedRegretTransitions('col', regretStatusId('col', 'pending'), 'atc').length).toBe(3);
  });

  it('returns the principal less what was paid back, never less than nothing', () => {
    expect(regretReturnAmount(300_000, 0)).toBe(300_000);
    expect(regretReturnAmount(300_000, 120_500)).toBe(179_500);
    expect(regretReturnAmount(300_000, 400_000)).toBe(0);
  });
});
