import { canAccess, type Country, type RoleId, type Screen } from '@backoffice/shared';
import { landingPath } from '../lib/storage';

/**
 * Where a user goes after signing in: back to the page the guard sent them away from (path and query, so
 * `/lead-detail?id=7` survives) when that screen is built and the role may open it; otherwise the role's
 * landing page of SPEC 6.
 */
export function postLoginPath(from: unknown, country: Country, role: RoleId, screens: readonly { path: string; screen: Screen }[]): string {
  if (typeof from === 'string' && from.startsWith('/')) {
    const path = from.split(/[?#]/)[0];
    const target = screens.find((s) => s.path === path);
    if (target && target.path !== '/' && canAccess(target.screen, country, role)) return from;
  }
  return landingPath(country, role);
}
