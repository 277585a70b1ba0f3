import type { Screen } from '@backoffice/shared';
import {
  IconActivityHeartbeat,
  IconShieldCheck,
  IconArrowBackUp,
  IconBan,
  IconCashBanknote,
  IconClipboardCheck,
  IconClipboardList,
  IconFileCertificate,
  IconFileDescription,
  IconFileDollar,
  IconFileInvoice,
  IconFileUpload,
  IconGavel,
  IconLayoutKanban,
  IconMessages,
  IconPhoneCheck,
  IconReceipt,
  IconSearch,
  IconSmartHome,
  IconStack2,
  IconTemplate,
  IconUserCircle,
  IconUserCog,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
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
  {
    screen: 'lead-detail',
    path: '/lead-detail',
    label: 'Detalle de lead',
    icon: IconFileDescription,
    load: () => import('./routes/lead-detail'),
    inNav: false,
  },
  {
    screen: 'lead-cards',
    path: '/lead-cards',
    label: 'Tablero de leads',
    icon: IconLayoutKanban,
    load: () => import('./routes/lead-cards'),
    inNav: true,
  },
  { screen: 'searcher', path: '/searcher', label: 'Buscador', icon: IconSearch, load: () => import('./routes/searcher'), inNav: true },
  { screen: 'sales', path: '/sales', label: 'Ventas', icon: IconReceipt, load: () => import('./routes/sales'), inNav: true },
  {
    screen: 'sale-detail',
    path: '/sale-detail',
    label: 'Detalle de venta',
    icon: IconFileDollar,
    load: () => import('./routes/sale-detail'),
    inNav: false,
  },
  { screen: 'audits', path: '/audits', label: 'Auditorías', icon: IconClipboardCheck, load: () => import('./routes/audits'), inNav: true },
  {
    screen: 'audit-detail',
    path: '/audit-detail',
    label: 'Detalle de auditoría',
    icon: IconGavel,
    load: () => import('./routes/audit-detail'),
    inNav: false,
  },
  {
    screen: 'daily-managements',
    path: '/daily-managements',
    label: 'Gestiones diarias',
    icon: IconClipboardList,
    load: () => import('./routes/daily-managements'),
    inNav: true,
  },
  {
    screen: 'daily-management',
    path: '/daily-management',
    label: 'Detalle de gestión',
    icon: IconPhoneCheck,
    load: () => import('./routes/daily-management'),
    inNav: false,
  },
  {
    screen: 'collections',
    path: '/collections',
    label: 'Cobranzas',
    icon: IconCashBanknote,
    load: () => import('./routes/collections'),
    inNav: true,
  },
  {
    screen: 'collection-detail',
    path: '/collection-detail',
    label: 'Detalle de cobranza',
    icon: IconFileInvoice,
    load: () => import('./routes/collection-detail'),
    inNav: false,
  },
  {
    screen: 'debt-frees',
    path: '/debt-frees',
    label: 'Libre deuda',
    icon: IconFileCertificate,
    load: () => import('./routes/debt-frees'),
    inNav: true,
  },
  {
    screen: 'regrets',
    path: '/regrets',
    label: 'Arrepentimientos',
    icon: IconArrowBackUp,
    load: () => import('./routes/regrets'),
    inNav: true,
  },
  {
    screen: 'customers-ban',
    path: '/customers-ban',
    label: 'Bloqueos de clientes',
    icon: IconBan,
    load: () => import('./routes/customers-ban'),
    inNav: true,
  },
  {
    screen: 'customers-communications',
    path: '/customers-communications',
    label: 'Comunicaciones',
    icon: IconMessages,
    load: () => import('./routes/customers-communications'),
    inNav: true,
  },
  {
    screen: 'massives',
    path: '/massives',
    label: 'Operaciones masivas',
    icon: IconTemplate,
    load: () => import('./routes/massives'),
    inNav: true,
  },
  {
    screen: 'massive-batches',
    path: '/massive-batches',
    label: 'Lotes masivos',
    icon: IconStack2,
    load: () => import('./routes/massive-batches'),
    inNav: true,
  },
  {
    screen: 'create-massive',
    path: '/create-massive',
    label: 'Nuevo lote masivo',
    icon: IconFileUpload,
    load: () => import('./routes/create-massive'),
    inNav: false,
  },
  {
    screen: 'massive-batch-detail',
    path: '/massive-batch-detail',
    label: 'Detalle de lote',
    icon: IconStack2,
    load: () => import('./routes/massive-batch-detail'),
    inNav: false,
  },
  {
    screen: 'voluntary-pays',
    path: '/voluntary-pays',
    label: 'Pagos voluntarios',
    icon: IconCashBanknote,
    load: () => import('./routes/voluntary-pays'),
    inNav: true,
  },
  { screen: 'users', path: '/users', label: 'Usuarios', icon: IconUserCog, load: () => import('./routes/users'), inNav: true },
  {
    screen: 'security-log',
    path: '/security-log',
    label: 'Seguridad',
    icon: IconShieldCheck,
    load: () => import('./routes/security-log'),
    inNav: true,
  },
  // Reached from the user menu.
  { screen: 'account', path: '/account', label: 'Mi cuenta', icon: IconUserCircle, load: () => import('./routes/account'), inNav: false },
  { screen: 'test', path: '/test', label: 'Diagnóstico', icon: IconActivityHeartbeat, load: () => import('./routes/test'), inNav: true },
];
