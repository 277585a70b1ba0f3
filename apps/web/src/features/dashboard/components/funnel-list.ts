import { canAccess, isSellerOrWoAssignation, type Country, type RoleId } from '@backoffice/shared';

/** Where a bar of the dashboard's funnel opens (with `?step=`). */
export type FunnelList = '/sales' | '/leads';

/**
 * The list a funnel bar opens for the role: a seller's is their working list, /sales (/leads would open on
 * their unassigned pool, with the step's leads below the fold); anyone else's is /leads. Null when the role
 * may open neither (an auditor): the bars are no links. A seller the SPEC 6 sales rule keeps from /sales (a
 * seller without assignation) goes to /leads.
 */
export function funnelListOf(country: Country, roleId: RoleId): FunnelList | null {
  if (isSellerOrWoAssignation(country, roleId) && canAccess('sales', country, roleId)) return '/sales';
  if (canAccess('leads', country, roleId)) return '/leads';
  return null;
}

/** A funnel step's list: `/sales?step=12`. */
export const funnelStepPath = (list: FunnelList, stepId: number) => `${list}?step=${stepId}`;
