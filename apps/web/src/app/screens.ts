import type { Screen } from '@backoffice/shared';
import { IconActivityHeartbeat, IconCashBanknote, IconClipboardCheck, IconFileDescription, IconFileDollar, IconGavel, IconLayoutKanban, IconReceipt, IconSearch, IconSmartHome, IconUsers, type Icon } from '@tabler/icons-react';
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
  { screen: 'lead-cards', path: '/lead-cards', label: 'Tablero de leads', icon: IconLayoutKanban, load: () => import('./routes/lead-cards'), inNav: true },
  { screen: 'searcher', path: '/searcher', label: 'Buscador', icon: IconSearch, load: () => import('./routes/searcher'), inNav: true },
  { screen: 'sales', path: '/sales', label: 'Ventas', icon: IconReceipt, load: () => import('./routes/sales'), inNav: true },
  { screen: 'sale-detail', path: '/sale-detail', label: 'Detalle de venta', icon: IconFileDollar, load: () => import('./routes/sale-detail'), inNav: false },
  { screen: 'audits', path: '/audits', label: 'Auditorías', icon: IconClipboardCheck, load: () => import('./routes/audits'), inNav: true },
  { screen: 'audit-detail', path: '/audit-detail', label: 'Detalle de auditoría', icon: IconGavel, load: () => import('./routes/audit-detail'), inNav: false },
  { screen: 'voluntary-pays', path: '/voluntary-pays', label: 'Pagos voluntarios', icon: IconCashBanknote, load: () => import('./routes/voluntary-pays'), inNav: true },
  { screen: 'test', path: '/test', label: 'Diagnóstico', icon: IconActivityHeartbeat, load: () => import('./routes/test'), inNav: true },
];
