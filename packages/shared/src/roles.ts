import type { Country } from './countries';

/** Landing pages of SPEC 6. */
export type DefaultPage = 'leads' | 'sales' | 'audits' | 'collections';

/**
 * What a role is for, across countries. arg and col name their roles differently (numeric ids vs string
 * ids); permissions below are written once in terms of this kind.
 */
export type RoleKind =
  | 'admin'
  | 'seller'
  | 'webservice'
  | 'auditor'
  | 'operator'
  | 'seller_renovator'
  | 'seller_wo_assignation'
  | 'supervisor'
  | 'atc'
  | 'collector'
  | 'risk';

export type RoleId = number | string;

export interface Role {
  id: RoleId;
  /** The role as SPEC 6 writes it (arg constant name, col string id). */
  code: string;
  kind: RoleKind;
  label: string;
  defaultPage: DefaultPage;
}

const LABELS: Record<RoleKind, string> = {
  admin: 'Administrador',
  seller: 'Vendedor',
  webservice: 'Web service',
  auditor: 'Auditor',
  operator: 'Operador',
  seller_renovator: 'Vendedor renovador',
  seller_wo_assignation: 'Vendedor sin asignación',
  supervisor: 'Supervisor',
  atc: 'Atención al cliente',
  collector: 'Cobrador',
  risk: 'Riesgo',
};

/** Every role kind with its label (the admin's choice of kinds that require a second factor). */
export const ROLE_KIND_LABELS: Readonly<Record<RoleKind, string>> = LABELS;
export const ROLE_KINDS = Object.keys(LABELS) as [RoleKind, ...RoleKind[]];

function role(id: RoleId, code: string, kind: RoleKind, defaultPage: DefaultPage): Role {
  return { id, code, kind, label: LABELS[kind], defaultPage };
}

/** SPEC 6 role tables, in the order SPEC lists them. */
export const ROLES: Record<Country, Role[]> = {
  arg: [
    role(1, 'ADMIN', 'admin', 'leads'),
    role(2, 'SELLER', 'seller', 'sales'),
    role(3, 'WEBSERVICE', 'webservice', 'leads'),
    role(4, 'AUDITOR', 'auditor', 'audits'),
    role(5, 'OPERATOR', 'operator', 'leads'),
    role(6, 'SELLER_RENOVATOR', 'seller_renovator', 'leads'),
    role(7, 'SELLER_WO_ASSIGNATION', 'seller_wo_assignation', 'sales'),
    role(8, 'SUPERVISOR', 'supervisor', 'leads'),
    role(9, 'ATC', 'atc', 'leads'),
    role(10, 'COLLECTOR', 'collector', 'collections'),
  ],
  col: [
    role('webservice', 'webservice', 'webservice', 'leads'),
    role('admin', 'admin', 'admin', 'leads'),
    role('operator', 'operator', 'operator', 'leads'),
    role('audit', 'audit', 'auditor', 'audits'),
    role('risk', 'risk', 'risk', 'leads'),
    role('seller', 'seller', 'seller', 'sales'),
    role('seller_wo_assignation', 'seller_wo_assignation', 'seller_wo_assignation', 'sales'),
    role('collector', 'collector', 'collector', 'collections'),
    role('supervisor', 'supervisor', 'supervisor', 'leads'),
    role('atc', 'atc', 'atc', 'leads'),
  ],
};

export function findRole(country: Country, id: RoleId | null | undefined): Role | undefined {
  return ROLES[country].find((r) => r.id === id);
}

export function roleOfKind(country: Country, kind: RoleKind): Role | undefined {
  return ROLES[country].find((r) => r.kind === kind);
}

/** The demo account of a role: `<role>@<country>.example`, role in lower case as SPEC writes it. */
export function demoEmail(country: Country, r: Role): string {
  return `${r.code.toLowerCase()}@${country}.example`;
}

/**
 * SPEC 6 route rules, kept exactly as written. arg role 14 does not exist in the arg role table; the rule
 * keeps it because SPEC states it. A consequence: arg SELLER_WO_ASSIGNATION (7) lands on sales but the
 * sales rule refuses it, so it is sent to /unauthorized.
 */
export const ROUTE_RULES = {
  sales: { arg: [14, 2], col: ['admin', 'seller'] },
  admin: { arg: [1], col: ['admin', 'seller'] },
} as const satisfies Record<string, Record<Country, readonly RoleId[]>>;
export type RouteRule = keyof typeof ROUTE_RULES;

export function ruleAllows(rule: RouteRule, country: Country, roleId: RoleId): boolean {
  return (ROUTE_RULES[rule][country] as readonly RoleId[]).includes(roleId);
}

/** SPEC 6 helper checks. */
export function isSeller(country: Country, roleId: RoleId): boolean {
  return findRole(country, roleId)?.kind === 'seller';
}

export function isSellerOrWoAssignation(country: Country, roleId: RoleId): boolean {
  const kind = findRole(country, roleId)?.kind;
  return kind === 'seller' || kind === 'seller_wo_assignation';
}

/** "ATC or supervisor", which SPEC says also includes the seller renovator. */
export function isAtcOrSupervisor(country: Country, roleId: RoleId): boolean {
  const kind = findRole(country, roleId)?.kind;
  return kind === 'atc' || kind === 'supervisor' || kind === 'seller_renovator';
}

/** Screens (routes without the leading slash) grouped by area. */
export type Screen =
  | 'index'
  | 'leads'
  | 'lead-detail'
  | 'lead-cards'
  | 'searcher'
  | 'sales'
  | 'sale-detail'
  | 'audits'
  | 'audit-detail'
  | 'collections'
  | 'collection-detail'
  | 'daily-managements'
  | 'daily-management'
  | 'voluntary-pays'
  | 'debt-frees'
  | 'regrets'
  | 'customers-ban'
  | 'customers-communications'
  | 'massives'
  | 'massive-batches'
  | 'massive-batch-detail'
  | 'create-massive'
  | 'account'
  | 'users'
  | 'security-log'
  | 'test';

/** Access to a screen: either a SPEC 6 route rule, or the role kinds of DOMAIN 4. */
export type ScreenAccess = { rule: RouteRule } | { kinds: readonly RoleKind[]; readOnly?: readonly RoleKind[] };

const EVERYONE: readonly RoleKind[] = Object.keys(LABELS) as RoleKind[];
/** Sellers reach the lead screens but see only their own leads (enforced by the queries). */
const LEAD_WORKERS: readonly RoleKind[] = [
  'admin',
  'operator',
  'supervisor',
  'atc',
  'webservice',
  'seller_renovator',
  'risk',
  'seller',
  'seller_wo_assignation',
];
const COLLECTIONS: readonly RoleKind[] = ['collector', 'admin', 'supervisor', 'atc'];
/** Daily managements: the collections roles and the sellers, who see their own (seesTeamManagements). */
const MANAGEMENTS: readonly RoleKind[] = [...COLLECTIONS, 'seller', 'seller_wo_assignation', 'seller_renovator'];
const CUSTOMER_CARE = { kinds: ['admin', 'supervisor', 'atc', 'operator'], readOnly: ['operator'] } as const;
const BULK: readonly RoleKind[] = ['admin', 'supervisor'];

/** DOMAIN 4, with SPEC 6 rules where SPEC gives one. */
export const SCREEN_ACCESS: Record<Screen, ScreenAccess> = {
  index: { kinds: EVERYONE },
  leads: { kinds: LEAD_WORKERS },
  'lead-detail': { kinds: LEAD_WORKERS },
  'lead-cards': { kinds: LEAD_WORKERS },
  searcher: { kinds: LEAD_WORKERS },
  sales: { rule: 'sales' },
  'sale-detail': { rule: 'sales' },
  audits: { kinds: ['auditor', 'admin', 'supervisor'] },
  'audit-detail': { kinds: ['auditor', 'admin', 'supervisor'] },
  collections: { kinds: COLLECTIONS },
  'collection-detail': { kinds: COLLECTIONS },
  'daily-managements': { kinds: MANAGEMENTS },
  'daily-management': { kinds: MANAGEMENTS },
  'voluntary-pays': { kinds: COLLECTIONS },
  'debt-frees': { kinds: COLLECTIONS },
  regrets: { kinds: COLLECTIONS },
  'customers-ban': CUSTOMER_CARE,
  'customers-communications': CUSTOMER_CARE,
  massives: { kinds: BULK },
  'massive-batches': { kinds: BULK },
  'massive-batch-detail': { kinds: BULK },
  'create-massive': { kinds: BULK },
  test: { rule: 'admin' },
  /** Each user's own password and sessions. */
  account: { kinds: EVERYONE },
  /**
   * User administration (issue 40): the admins only. SPEC 6's admin route rule also lets col sellers in, who
   * could then make themselves admins (docs/decisions/user-administration.md).
   */
  users: { kinds: ['admin'] },
  /** The security log (issue 40): who signed in, failed, was refused, exported; the admins only, as /users. */
  'security-log': { kinds: ['admin'] },
};

export function canAccess(screen: Screen, country: Country, roleId: RoleId): boolean {
  const access = SCREEN_ACCESS[screen];
  if ('rule' in access) return ruleAllows(access.rule, country, roleId);
  const kind = findRole(country, roleId)?.kind;
  return kind !== undefined && access.kinds.includes(kind);
}

/** Who sees everyone's managements and the day's summary; a seller or collector sees their own. */
export const MANAGEMENT_TEAM_KINDS: readonly RoleKind[] = ['admin', 'supervisor', 'atc'];

export function seesTeamManagements(country: Country, roleId: RoleId): boolean {
  const kind = findRole(country, roleId)?.kind;
  return kind !== undefined && MANAGEMENT_TEAM_KINDS.includes(kind);
}

/** Whether the role may change data on a screen it can access (operators only read some screens). */
export function canWrite(screen: Screen, country: Country, roleId: RoleId): boolean {
  if (!canAccess(screen, country, roleId)) return false;
  const access = SCREEN_ACCESS[screen];
  if ('rule' in access || !access.readOnly) return true;
  const kind = findRole(country, roleId)?.kind;
  return kind === undefined || !access.readOnly.includes(kind);
}

/** Actions on leads beyond reading them (the server checks the same table). */
export const LEAD_ACTIONS = {
  create: ['admin', 'operator', 'supervisor', 'atc', 'webservice', 'seller_renovator', 'seller', 'seller_wo_assignation'],
  note: LEAD_WORKERS,
  management: LEAD_WORKERS,
  reassign: ['admin', 'supervisor'],
  /**
   * Correcting a customer's data from the lead detail: who writes on the customer-care screens (an operator
   * only reads those), and the seller renovator, who moves applications to audit and back from it on this
   * screen (SPEC 6 keeps /sale-detail from them) and so must be able to complete a CBU or fix a cellphone.
   * The renovator is held as a seller (services/customer-edit.ts). Sellers edit from the sale detail.
   */
  customer: ['admin', 'supervisor', 'atc', 'seller_renovator'],
  /** Attaching a customer document: whoever creates leads (a seller on their own); auditors and risk only read. */
  document: ['admin', 'operator', 'supervisor', 'atc', 'webservice', 'seller_renovator', 'seller', 'seller_wo_assignation'],
} as const satisfies Record<string, readonly RoleKind[]>;
export type LeadAction = keyof typeof LEAD_ACTIONS;

export function canLead(action: LeadAction, country: Country, roleId: RoleId): boolean {
  const kind = findRole(country, roleId)?.kind;
  return kind !== undefined && (LEAD_ACTIONS[action] as readonly RoleKind[]).includes(kind);
}
