import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_ACCESS,
  DASHBOARD_MAX_DAYS,
  ROLES,
  addDays,
  dashboardAccessOf,
  daysBetween,
  funnelStepsOf,
  resolveDashboardRange,
  stepsOf,
  todayIn,
} from '../src';

describe('dashboard contract', () => {
  it('orders the funnel Paso N first, then audit, transfer and the outcomes', () => {
    expect(funnelStepsOf('arg').map((s) => s.label)).toEqual([
      'Paso 2',
      'Paso 3',
      'Paso 4',
      'Paso 7',
      'Paso 8',
      'Paso 9',
      'Paso 10',
      'Paso 12',
      'AUDITORIA',
      'TRANSFERENCIA',
      'DEVUELTO',
      'RE-AUDITORIA',
      'RECHAZO',
      'RECHAZO-AUDITORIA',
    ]);
    expect(funnelStepsOf('col').map((s) => s.label)).toEqual([
      'Paso 6',
      'Paso 7',
      'Paso 8',
      'Paso 9',
      'Paso 10',
      'AUDITORIA',
      'TRANSFERENCIA',
      'DEVUELTO',
      'RE-AUDITORIA',
      'RECHAZO',
      'RECHAZO-AUDITORIA',
      'EXPIRADO',
    ]);
    for (const country of ['arg', 'col'] as const) expect(funnelStepsOf(country)).toHaveLength(stepsOf(country).length);
  });

  it('gives sellers their own numbers and every other role the country, from one table', () => {
    for (const country of ['arg', 'col'] as const) {
      for (const role of ROLES[country]) {
        const access = dashboardAccessOf(country, role.id);
        expect(access).toBe(DASHBOARD_ACCESS[role.kind]);
        const seller = ['seller', 'seller_wo_assignation', 'seller_renovator'].includes(role.kind);
        expect(access.scope).toBe(seller ? 'own' : 'country');
        if (seller) expect(access.blocks).not.toContain('seller_ranking');
        if (seller) expect(access.blocks).not.toContain('audit_queue');
      }
    }
    expect(dashboardAccessOf('arg', 1).blocks).toContain('seller_ranking');
    expect(dashboardAccessOf('arg', 999).blocks).toEqual([]);
  });

  it('defaults to the last 30 days of the country, today included', () => {
    // 02:00 UTC on March 10 is still March 9 in Buenos Aires and Bogotá.
    const now = new Date('2026-03-10T02:00:00Z');
    expect(todayIn('arg', now)).toBe('2026-03-09');
    expect(resolveDashboardRange('arg', {}, now)).toEqual({ from: '2026-02-08', to: '2026-03-09' });
    expect(resolveDashboardRange('col', { to: '2026-01-31' }, now)).toEqual({ from: '2026-01-02', to: '2026-01-31' });
    expect(resolveDashboardRange('arg', { from: '2026-03-01' }, now)).toEqual({ from: '2026-03-01', to: '2026-03-09' });
    expect(resolveDashboardRange('arg', { from: '2026-04-01' }, now)).toEqual({ from: '2026-04-01', to: '2026-04-01' });
  });

  it('refuses inverted and too long ranges, naming the field', () => {
    expect(resolveDashboardRange('arg', { from: '2026-03-02', to: '2026-03-01' }).errors?.[0]?.field).toBe('to');
    const to = addDays('2026-01-01', DASHBOARD_MAX_DAYS - 1);
    expect(daysBetween('2026-01-01', to)).toBe(DASHBOARD_MAX_DAYS);
    expect(resolveDashboardRange('arg', { from: '2026-01-01', to }).errors).toBeUndefined();
    expect(resolveDashboardRange('arg', { from: '2026-01-01', to: addDays(to, 1) }).errors?.[0]?.field).toBe('from');
  });
});
