import type { Screen } from '@backoffice/shared';
import { IconFileDescription, IconSmartHome, IconUsers, type Icon } from '@tabler/icons-react';
import type { ComponentType } from 'react';

/**
 * Every built screen, once. The router mounts these under the default layout with the access guard, and
 * the navigation, search and shortcuts list the ones the signed-in role may open. A SPEC route that is not
 * here does not exist yet and falls to the 404 page.
 */
export interface ScreenRoute {
  screen: Screen;
  path: string;
  label: string;
  icon: Icon;
  load: () => Promise<{ default: ComponentType }>;
  /** Detail screens are reached from their lists, not from the navigation. */
  inNav: boolean;
}

export const SCREENS: ScreenRoute[] = [
  { screen: 'index', path: '/', label: 'Inicio', icon: IconSmartHome, load: () => import('./routes/home'), inNav: true },
  { screen: 'leads', path: '/leads', label: 'Leads', icon: IconUsers, load: () => import('./routes/leads'), inNav: true },
  { screen: 'lead-detail', path: '/lead-detail', label: 'Detalle de lead', icon: IconFileDescription, load: () => import('./routes/lead-detail'), inNav: false },
];
