import { roleOfKind, type Country, type RoleKind } from '@backoffice/shared';
import { describe, expect, it } from 'vitest';
import { funnelListOf, funnelStepPath } from '../src/features/dashboard/components/funnel-list';

const listOf = (country: Country, kind: RoleKind) => funnelListOf(country, roleOfKind(country, kind)!.id);

describe('where a dashboard funnel bar opens its step', () => {
  it('sends a seller to their working list, /sales', () => {
    expect(listOf('arg', 'seller')).toBe('/sales');
    expect(listOf('col', 'seller')).toBe('/sales');
    expect(funnelStepPath('/sales', 26)).toBe('/sales?step=26');
  });

  it('sends everyone else who may open the leads list to /leads, and nobody else anywhere', () => {
    for (const kind of ['admin', 'supervisor', 'operator', 'atc'] as const) {
      expect(listOf('arg', kind)).toBe('/leads');
      expect(listOf('col', kind)).toBe('/leads');
    }
    expect(listOf('arg', 'auditor')).toBeNull();
    expect(listOf('col', 'auditor')).toBeNull();
  });

  it('sends a seller the sales rule keeps from /sales to /leads (SPEC 6)', () => {
    // arg SELLER_WO_ASSIGNATION (7) is not in the sales rule [14, 2].
    expect(listOf('arg', 'seller_wo_assignation')).toBe('/leads');
  });
});
