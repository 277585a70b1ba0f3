import { describe, expect, it } from 'vitest';
import { ROLES, canAccess, canWrite, demoEmail, findRole, isAtcOrSupervisor, isSeller, isSellerOrWoAssignation, ruleAllows } from '../src';

describe('role tables (SPEC 6)', () => {
  it('gives each arg role its id and default page', () => {
    expect(ROLES.arg.map((r) => [r.code, r.id, r.defaultPage])).toEqual([
      ['ADMIN', 1, 'leads'],
      ['SELLER', 2, 'sales'],
      ['WEBSERVICE', 3, 'leads'],
      ['AUDITOR', 4, 'audits'],
      ['OPERATOR', 5, 'leads'],
      ['SELLER_RENOVATOR', 6, 'leads'],
      ['SELLER_WO_ASSIGNATION', 7, 'sales'],
      ['SUPERVISOR', 8, 'leads'],
      ['ATC', 9, 'leads'],
      ['COLLECTOR', 10, 'collections'],
    ]);
  });

  it('gives each col role its default page', () => {
    expect(ROLES.col.map((r) => [r.id, r.defaultPage])).toEqual([
      ['webservice', 'leads'],
      ['admin', 'leads'],
      ['operator', 'leads'],
      ['audit', 'audits'],
      ['risk', 'leads'],
      ['seller', 'sales'],
      ['seller_wo_assignation', 'sales'],
      ['collector', 'collections'],
      ['supervisor', 'leads'],
      ['atc', 'leads'],
    ]);
  });

  it('names demo accounts after the role in lower case', () => {
    expect(demoEmail('arg', findRole('arg', 7)!)).toBe('seller_wo_assignation@arg.example');
    expect(demoEmail('col', findRole('col', 'audit')!)).toBe('audit@col.example');
  });
});

describe('route rules (SPEC 6)', () => {
  it('lets arg roles 14 and 2 and col admin and seller into sales', () => {
    const argAllowed = ROLES.arg.filter((r) => ruleAllows('sales', 'arg', r.id)).map((r) => r.id);
    expect(argAllowed).toEqual([2]);
    expect(ruleAllows('sales', 'arg', 14)).toBe(true);
    expect(ROLES.col.filter((r) => ruleAllows('sales', 'col', r.id)).map((r) => r.id)).toEqual(['admin', 'seller']);
  });

  it('lets arg role 1 and col admin and seller into the admin route', () => {
    expect(ROLES.arg.filter((r) => ruleAllows('admin', 'arg', r.id)).map((r) => r.id)).toEqual([1]);
    expect(ROLES.col.filter((r) => ruleAllows('admin', 'col', r.id)).map((r) => r.id)).toEqual(['admin', 'seller']);
  });

  it('does not mix countries: a col role id means nothing in arg', () => {
    expect(ruleAllows('admin', 'arg', 'admin')).toBe(false);
    expect(canAccess('leads', 'arg', 'admin')).toBe(false);
  });
});

describe('helper checks (SPEC 6)', () => {
  it('recognises sellers', () => {
    expect(ROLES.arg.filter((r) => isSeller('arg', r.id)).map((r) => r.id)).toEqual([2]);
    expect(ROLES.col.filter((r) => isSeller('col', r.id)).map((r) => r.id)).toEqual(['seller']);
  });

  it('recognises sellers with or without assignation', () => {
    expect(ROLES.arg.filter((r) => isSellerOrWoAssignation('arg', r.id)).map((r) => r.id)).toEqual([2, 7]);
    expect(ROLES.col.filter((r) => isSellerOrWoAssignation('col', r.id)).map((r) => r.id)).toEqual(['seller', 'seller_wo_assignation']);
  });

  it('counts the seller renovator as ATC or supervisor', () => {
    expect(ROLES.arg.filter((r) => isAtcOrSupervisor('arg', r.id)).map((r) => r.id)).toEqual([6, 8, 9]);
    expect(ROLES.col.filter((r) => isAtcOrSupervisor('col', r.id)).map((r) => r.id)).toEqual(['supervisor', 'atc']);
  });
});

describe('screen access (DOMAIN 4)', () => {
  it('keeps audits to auditors, admins and supervisors', () => {
    expect(ROLES.arg.filter((r) => canAccess('audits', 'arg', r.id)).map((r) => r.code)).toEqual(['ADMIN', 'AUDITOR', 'SUPERVISOR']);
  });

  it('keeps bulk operations to admins and supervisors', () => {
    expect(ROLES.col.filter((r) => canAccess('massives', 'col', r.id)).map((r) => r.id)).toEqual(['admin', 'supervisor']);
  });

  it('lets operators read but not change customer bans', () => {
    expect(canAccess('customers-ban', 'arg', 5)).toBe(true);
    expect(canWrite('customers-ban', 'arg', 5)).toBe(false);
    expect(canWrite('customers-ban', 'arg', 8)).toBe(true);
  });

  it('applies the admin route rule to /test', () => {
    expect(canAccess('test', 'col', 'seller')).toBe(true);
    expect(canAccess('test', 'arg', 2)).toBe(false);
  });

  it('lets every role reach the page it lands on, except where SPEC 6 forbids it', () => {
    for (const country of ['arg', 'col'] as const) {
      for (const role of ROLES[country]) {
        const allowed = canAccess(role.defaultPage, country, role.id);
        // SPEC 6: sellers without assignation land on sales, but the sales rule does not list them.
        expect(allowed, `${country} ${role.code}`).toBe(role.kind !== 'seller_wo_assignation');
      }
    }
  });
});
