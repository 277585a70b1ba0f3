import { canAccess, isSeller } from '@backoffice/shared';
import { COUNTRY } from '../config/env';
import { useSession } from './session';

/**
 * Where the signed-in user works an application: a seller on its sale detail (their screen: the customer's
 * data, call backs, their moves), everyone else on the lead detail.
 */
export function useApplicationPath(): (id: number) => string {
  const role = useSession()?.role;
  const sale = role !== undefined && isSeller(COUNTRY, role) && canAccess('sale-detail', COUNTRY, role);
  return (id) => `${sale ? '/sale-detail' : '/lead-detail'}?id=${id}`;
}
