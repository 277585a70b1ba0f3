import type { Country } from '../countries';
import { ARG_STATUS_IDS, COL_STATUS_IDS, STATUSES, STEP_LABELS, salesStatusesOf } from '../catalogues/statuses';
import { findRole, type RoleId, type RoleKind } from '../roles';

/*
 * The sales pipeline as data (DOMAIN 3): per country, every allowed status change with who may take it.
 * The server's one status-changing operation reads these tables, the web shows what they allow, and the
 * tests check them against the catalogues and the role tables. Statuses are written by name and resolved
 * through the catalogues (ARG_STATUS_IDS, COL_STATUS_IDS), so no id is typed twice.
 */

/** Conditions on the lead, beyond its status, that a transition needs. */
export type TransitionGuard = 'hasOffer' | 'hasSeller' | 'hasBankAccount';

/** What a guard looks at: the lead's offer and seller, and whether its customer has a bank account. */
export interface GuardSubject {
  offered_amount: number | null;
  seller_id: number | null;
  has_bank_account: boolean;
}

/** Why a guard refuses, shown to the user (409). */
export const GUARD_MESSAGES: Record<TransitionGuard, string> = {
  hasOffer: 'El lead no tiene una oferta aprobada por riesgo',
  hasSeller: 'El lead no tiene un vendedor asignado',
  hasBankAccount: 'El cliente no tiene cuenta bancaria completa: hace falta una para auditar y transferir',
};

const GUARD_HOLDS: Record<TransitionGuard, (lead: GuardSubject) => boolean> = {
  hasOffer: (lead) => lead.offered_amount !== null,
  hasSeller: (lead) => lead.seller_id !== null,
  hasBankAccount: (lead) => lead.has_bank_account,
};

/** The refusal message of the first guard the lead does not meet, or null when it meets them all. */
export function guardBlock(guards: readonly TransitionGuard[], lead: GuardSubject): string | null {
  const failed = guards.find((guard) => !GUARD_HOLDS[guard](lead));
  return failed ? GUARD_MESSAGES[failed] : null;
}

/** Stages a system adapter decides (with a deterministic simulator by default). */
export const AUTOMATED_STAGES = ['prefilter', 'killer', 'risk', 'identity', 'transfer'] as const;
export type AutomatedStage = (typeof AUTOMATED_STAGES)[number];

export const AUTOMATED_STAGE_LABELS: Record<AutomatedStage, string> = {
  prefilter: 'Ejecutar prefiltro',
  killer: 'Ejecutar killer',
  risk: 'Ejecutar evaluación de riesgo',
  identity: 'Ejecutar validación de identidad',
  transfer: 'Ejecutar transferencia',
};

export interface Transition {
  from: number;
  to: number;
  /**
   * Who may take it. For an automated transition: who may run the stage (the adapter picks the outcome).
   */
  roles: readonly RoleKind[];
  /** What the lead must have for it, beyond its status (all of them). */
  guards: readonly TransitionGuard[];
  /** Rejections, cancellations, expiries, returns and exceptions must say why. */
  reasonRequired: boolean;
  /** A system adapter takes it (POST …/automation), never a person choosing the target. */
  automated: boolean;
  /** Risk approves here: the lead gets an offer if it has none yet. */
  grantsOffer: boolean;
  /**
   * An audit decision: taken only through the audit case (POST /audits/:leadId/decision: the claim, the
   * checklist, the audit round), never as a plain status change from a detail screen or the board.
   */
  auditDecision: boolean;
}

interface Options {
  guards?: readonly TransitionGuard[];
  reason?: boolean;
  offer?: boolean;
  audit?: boolean;
}

/** Builds one country's table from status names, so a typo fails at compile time. */
function tableOf<N extends string>(ids: Record<N, number>) {
  const list: Transition[] = [];
  const manual = (from: N, to: N | N[], roles: readonly RoleKind[], options: Options = {}) => {
    for (const target of Array.isArray(to) ? to : [to]) {
      list.push({
        from: ids[from],
        to: ids[target],
        roles,
        guards: options.guards ?? [],
        reasonRequired: options.reason ?? false,
        automated: false,
        grantsOffer: options.offer ?? false,
        auditDecision: options.audit ?? false,
      });
    }
  };
  /** `outcomes`: target → needs a reason (the adapter always gives one; rejections must). */
  const automated = (from: N, roles: readonly RoleKind[], outcomes: Partial<Record<N, Options>>) => {
    for (const [target, options] of Object.entries(outcomes) as [N, Options][]) {
      list.push({
        from: ids[from],
        to: ids[target],
        roles,
        guards: [],
        reasonRequired: options.reason ?? false,
        automated: true,
        grantsOffer: options.offer ?? false,
        auditDecision: false,
      });
    }
  };
  return { list, manual, automated };
}

/* Role groups. arg has no risk role; col has no seller renovator. */
const ARG_SELLERS = ['seller', 'seller_wo_assignation', 'seller_renovator'] as const satisfies readonly RoleKind[];
const COL_SELLERS = ['seller', 'seller_wo_assignation'] as const satisfies readonly RoleKind[];
const BACKOFFICE = ['operator', 'supervisor', 'admin'] as const satisfies readonly RoleKind[];
const MANAGERS = ['supervisor', 'admin'] as const satisfies readonly RoleKind[];
/** Audit decisions: auditors, and the supervisors and admins who may also open /audits (DOMAIN 4). */
const AUDIT = ['auditor', 'supervisor', 'admin'] as const satisfies readonly RoleKind[];
/** The audit case's decisions (Transition.auditDecision); all but approving say why. */
const decision = { audit: true };
const decidedWhy = { audit: true, reason: true };

function argTable(): Transition[] {
  const { list, manual, automated } = tableOf(ARG_STATUS_IDS);
  const sales = [...ARG_SELLERS, ...BACKOFFICE];
  const submit = [...sales, 'webservice'] as const;
  const cancel = [...sales, 'atc'] as const;
  const run = [...BACKOFFICE, 'webservice'] as const;
  const reason = { reason: true };
  const toTransfer = { guards: ['hasBankAccount'] } as const;
  // Audit checks the account the loan will be paid into: there must be one to check (and a seller to return it to).
  const toAudit = { guards: ['hasSeller', 'hasBankAccount'] } as const;
  const backToAudit = { guards: ['hasBankAccount'] } as const;
  /** The customer walks away (any role that talks to them) or the application goes stale (managers). */
  const endings = (from: keyof typeof ARG_STATUS_IDS) => {
    manual(from, 'CANCELLED', cancel, reason);
    manual(from, 'EXPIRED', MANAGERS, reason);
  };

  manual('CREATED', 'PREFILTER', submit);
  manual('CREATED', 'CANCELLED', cancel, reason);

  automated('PREFILTER', run, { RISK: {}, PREFILTER_REJECTED: reason, PREFILTER_FAILED: reason });
  manual('PREFILTER_FAILED', 'PREFILTER', BACKOFFICE);
  manual('PREFILTER_FAILED', 'CANCELLED', cancel, reason);

  automated('RISK', run, { PHONE_VALIDATION: { offer: true }, RISK_REJECTED: reason, RISK_FAILED: reason });
  manual('RISK_FAILED', 'RISK', BACKOFFICE);
  manual('RISK_FAILED', 'CANCELLED', cancel, reason);
  manual('RISK_REJECTED', 'RISK_EXCEPTION', MANAGERS, reason);
  manual('RISK_EXCEPTION', 'PHONE_VALIDATION', MANAGERS, { offer: true });
  manual('RISK_EXCEPTION', 'RISK_EXCEPTION_REJECTED', MANAGERS, reason);

  // Paso 2 and Paso 3; EN GESTION parks a lead the seller is still contacting. VERIFICADO (a sales status,
  // SPEC 4) records that the seller checked the customer's phone and data on the call before the offer.
  manual('PHONE_VALIDATION', ['PENDING_CUSTOMER_APPROVAL', 'ON_GESTION', 'VERIFIED'], sales);
  endings('PHONE_VALIDATION');
  manual('VERIFIED', ['PENDING_CUSTOMER_APPROVAL', 'ON_GESTION'], sales);
  endings('VERIFIED');
  manual('ON_GESTION', ['PHONE_VALIDATION', 'PENDING_CUSTOMER_APPROVAL'], sales);
  endings('ON_GESTION');
  manual('PENDING_CUSTOMER_APPROVAL', 'PENDING_IDENTIFICATION', sales, { guards: ['hasOffer'] });
  manual('PENDING_CUSTOMER_APPROVAL', ['PHONE_VALIDATION', 'ON_GESTION'], sales);
  endings('PENDING_CUSTOMER_APPROVAL');

  // Paso 4: the seller sends the identification to the identity service, which decides.
  manual('PENDING_IDENTIFICATION', 'VALIDATION_IN_PROGRESS', sales);
  endings('PENDING_IDENTIFICATION');
  automated('VALIDATION_IN_PROGRESS', run, { VALIDATE_DOCS: {}, MANUAL_VALIDATION: reason, REJECTED: reason, EXCEPTION: reason });
  // VALIDADO (a sales status): the back office validated the identity by hand; the seller goes on to Paso 7.
  manual('MANUAL_VALIDATION', ['VALIDATED', 'PENDING_IDENTIFICATION'], BACKOFFICE);
  manual('MANUAL_VALIDATION', 'REJECTED', BACKOFFICE, reason);
  manual('VALIDATED', 'VALIDATE_DOCS', sales);
  endings('VALIDATED');
  manual('EXCEPTION', 'PENDING_IDENTIFICATION', BACKOFFICE);
  manual('EXCEPTION', 'CANCELLED', cancel, reason);

  // Paso 7 to Paso 12, then audit.
  manual('VALIDATE_DOCS', 'CARD_PENDING', sales);
  manual('VALIDATE_DOCS', 'REJECTED_DOCS', sales, reason);
  endings('VALIDATE_DOCS');
  manual('REJECTED_DOCS', 'VALIDATE_DOCS', sales);
  manual('REJECTED_DOCS', 'CANCELLED', cancel, reason);
  manual('CARD_PENDING', ['CARD_CONFIRMATION', 'VALIDATE_DOCS'], sales);
  endings('CARD_PENDING');
  manual('CARD_CONFIRMATION', ['SIGNATURE_PENDING', 'CARD_PENDING'], sales);
  endings('CARD_CONFIRMATION');
  manual('SIGNATURE_PENDING', 'ACCEPTED', sales);
  endings('SIGNATURE_PENDING');
  manual('ACCEPTED', 'AUDIT_PENDING', sales, toAudit);
  manual('ACCEPTED', 'CANCELLED', cancel, reason);

  for (const from of ['AUDIT_PENDING', 'AUDIT_RETRY'] as const) {
    manual(from, 'AUDIT_APPROVAL', AUDIT, decision);
    manual(from, ['AUDIT_REJECTED', 'REQUEST_INFORMATION'], AUDIT, decidedWhy);
    if (from === 'AUDIT_PENDING') manual(from, 'AUDIT_RETRY', AUDIT, decidedWhy);
  }
  // DEVUELTO: back with the seller, who answers and sends it to re-audit.
  manual('REQUEST_INFORMATION', 'AUDIT_RETRY', sales, backToAudit);
  manual('REQUEST_INFORMATION', 'CANCELLED', cancel, reason);

  // Money moves: only the back office starts or runs a transfer, and only into an account.
  manual('AUDIT_APPROVAL', 'TRANSFER_IN_PROGRESS', BACKOFFICE, toTransfer);
  automated('TRANSFER_IN_PROGRESS', BACKOFFICE, { TRANSFERED: {}, TRANSFER_REJECTED: reason, TRANSFER_FAILED: reason });
  manual('TRANSFER_FAILED', 'TRANSFER_IN_PROGRESS', BACKOFFICE, toTransfer);
  manual('TRANSFER_FAILED', 'CANCELLED', MANAGERS, reason);
  manual('TRANSFER_REJECTED', 'TRANSFER_IN_PROGRESS', BACKOFFICE, toTransfer);
  manual('TRANSFER_REJECTED', 'REQUEST_INFORMATION', BACKOFFICE, { reason: true, guards: ['hasSeller'] });
  manual('TRANSFER_REJECTED', 'CANCELLED', MANAGERS, reason);
  manual('TRANSFERED', 'DISBURSED', BACKOFFICE);
  return list;
}

function colTable(): Transition[] {
  const { list, manual, automated } = tableOf(COL_STATUS_IDS);
  const sales = [...COL_SELLERS, ...BACKOFFICE];
  const submit = [...sales, 'webservice'] as const;
  const desist = [...sales, 'atc'] as const;
  const run = [...BACKOFFICE, 'webservice', 'risk'] as const;
  const riskDeciders = ['risk', ...MANAGERS] as const;
  const reason = { reason: true };
  const toTransfer = { guards: ['hasBankAccount'] } as const;
  // Audit checks the account the loan will be paid into: there must be one to check (and a seller to return it to).
  const toAudit = { guards: ['hasSeller', 'hasBankAccount'] } as const;
  const backToAudit = { guards: ['hasBankAccount'] } as const;
  /** The customer desists (col's own status for it) or the application goes stale (managers). */
  const endings = (from: keyof typeof COL_STATUS_IDS) => {
    manual(from, 'DESIST', desist, reason);
    manual(from, 'EXPIRED', MANAGERS, reason);
  };

  manual('CREATED', 'KILLER', submit);
  manual('CREATED', 'CANCELLED', desist, reason);
  automated('KILLER', run, { KILLER_APPROVAL: {}, KILLER_REJECTED: reason, KILLER_FAILED: reason });
  manual('KILLER_FAILED', 'KILLER', BACKOFFICE);
  manual('KILLER_FAILED', 'CANCELLED', MANAGERS, reason);
  manual('KILLER_APPROVAL', 'RISK', submit);
  manual('KILLER_APPROVAL', 'DESIST', desist, reason);
  // VERIFICADO (a sales status, SPEC 4): the seller checked the customer's data with them before risk.
  manual('KILLER_APPROVAL', 'VERIFIED', sales);
  manual('VERIFIED', 'RISK', submit);
  endings('VERIFIED');

  automated('RISK', run, { PENDING_OFFER: { offer: true }, RISK_MANUAL: reason, RISK_REJECTED: reason, RISK_FAILED: reason });
  manual('RISK_FAILED', 'RISK', [...BACKOFFICE, 'risk']);
  manual('RISK_FAILED', 'CANCELLED', MANAGERS, reason);
  manual('RISK_MANUAL', 'PENDING_OFFER', riskDeciders, { offer: true });
  manual('RISK_MANUAL', 'RISK_REJECTED', riskDeciders, reason);
  manual('RISK_REJECTED', 'RISK_EXCEPTION', MANAGERS, reason);
  manual('RISK_EXCEPTION', 'PENDING_OFFER', riskDeciders, { offer: true });
  manual('RISK_EXCEPTION', 'RISK_EXCEPTION_REJECTED', riskDeciders, reason);

  // The offer: the customer accepts it, or rejects it and may ask risk for a revision.
  manual('PENDING_OFFER', 'APPROVED_OFFER', sales, { guards: ['hasOffer'] });
  manual('PENDING_OFFER', 'REJECTED_OFFER', sales, reason);
  endings('PENDING_OFFER');
  manual('REJECTED_OFFER', 'REVISION', sales, reason);
  manual('REJECTED_OFFER', 'DESIST', desist, reason);
  // A revision: risk looks again at the offer the customer rejected, and may change it.
  manual('REVISION', 'PENDING_OFFER', riskDeciders, { offer: true });
  manual('REVISION', 'REJECTED', riskDeciders, reason);
  manual('APPROVED_OFFER', 'PENDING_CUSTOMER_APPROVAL', sales);
  endings('APPROVED_OFFER');

  // Paso 6 to Paso 10; Paso 8 is the identity service's.
  manual('PENDING_CUSTOMER_APPROVAL', 'VALIDATION_PENDING', sales);
  endings('PENDING_CUSTOMER_APPROVAL');
  manual('VALIDATION_PENDING', 'VALIDATION_IN_PROGRESS', sales);
  endings('VALIDATION_PENDING');
  automated('VALIDATION_IN_PROGRESS', run, { VALIDATED: {}, VALIDATION_MANUAL: reason, VALIDATION_REJECTED: reason, EXCEPTION: reason });
  manual('VALIDATION_MANUAL', ['VALIDATED', 'VALIDATION_PENDING'], BACKOFFICE);
  manual('VALIDATION_MANUAL', 'VALIDATION_REJECTED', BACKOFFICE, reason);
  manual('EXCEPTION', 'VALIDATION_PENDING', BACKOFFICE);
  manual('EXCEPTION', 'CANCELLED', MANAGERS, reason);
  manual('VALIDATED', 'SIGNATURE_PENDING', sales);
  endings('VALIDATED');
  manual('SIGNATURE_PENDING', 'ACCEPTED', sales);
  endings('SIGNATURE_PENDING');
  manual('ACCEPTED', 'AUDIT_PENDING', sales, toAudit);
  manual('ACCEPTED', 'DESIST', desist, reason);

  for (const from of ['AUDIT_PENDING', 'AUDIT_RETRY'] as const) {
    manual(from, 'AUDIT_APPROVAL', AUDIT, decision);
    manual(from, ['AUDIT_REJECTED', 'REQUEST_INFORMATION'], AUDIT, decidedWhy);
    if (from === 'AUDIT_PENDING') manual(from, 'AUDIT_RETRY', AUDIT, decidedWhy);
  }
  manual('REQUEST_INFORMATION', 'AUDIT_RETRY', sales, backToAudit);
  manual('REQUEST_INFORMATION', 'DESIST', desist, reason);

  // Transfer: the adapter runs it and its queued retries; a failed one can also be done by hand. Money
  // moves: only the back office starts or runs a transfer, and only into an account.
  manual('AUDIT_APPROVAL', 'TRANSFER_IN_PROGRESS', BACKOFFICE, toTransfer);
  for (const from of ['TRANSFER_IN_PROGRESS', 'TRANSFER_RETRY'] as const) {
    automated(from, BACKOFFICE, { TRANSFERRED: {}, TRANSFER_REJECTED: reason, TRANSFER_FAILED: reason });
  }
  manual('TRANSFER_FAILED', ['TRANSFER_RETRY', 'TRANSFER_MANUAL'], BACKOFFICE, toTransfer);
  manual('TRANSFER_FAILED', 'CANCELLED', MANAGERS, reason);
  manual('TRANSFER_MANUAL', 'TRANSFERRED', BACKOFFICE);
  manual('TRANSFER_MANUAL', 'TRANSFER_REJECTED', BACKOFFICE, reason);
  manual('TRANSFER_REJECTED', 'TRANSFER_RETRY', BACKOFFICE, toTransfer);
  manual('TRANSFER_REJECTED', 'REQUEST_INFORMATION', BACKOFFICE, { reason: true, guards: ['hasSeller'] });
  manual('TRANSFER_REJECTED', 'CANCELLED', MANAGERS, reason);
  return list;
}

export const TRANSITIONS: Record<Country, readonly Transition[]> = { arg: argTable(), col: colTable() };

const id = (country: Country, names: string[]) =>
  names.map((name) => (country === 'arg' ? ARG_STATUS_IDS : COL_STATUS_IDS)[name as never] as number);

/** Where an application ends: no transition leaves these. */
export const TERMINAL_STATUSES: Record<Country, readonly number[]> = {
  arg: id('arg', ['DISBURSED', 'CANCELLED', 'EXPIRED', 'REJECTED', 'AUDIT_REJECTED', 'PREFILTER_REJECTED', 'RISK_EXCEPTION_REJECTED']),
  col: id('col', [
    'TRANSFERRED',
    'CANCELLED',
    'DESIST',
    'EXPIRED',
    'REJECTED',
    'KILLER_REJECTED',
    'RISK_EXCEPTION_REJECTED',
    'VALIDATION_REJECTED',
    'AUDIT_REJECTED',
  ]),
};

/**
 * Where the customer's bank account is the one audited or being paid into: from entering audit until the
 * money has gone (or the application ended). It cannot change there, nor can the cellphone (the audit's
 * 'Teléfono' item was checked against it); a correction goes back to the seller through REQUEST_INFORMATION
 * and is audited again. Each country's last transfer status is where its application ends or not: arg's
 * TRANSFERED still waits for the back office to confirm the disbursement (TRANSFERED → DISBURSED), so it is
 * held; col's TRANSFERRED is terminal (the money has gone and nothing follows), so it is not, like arg's
 * DISBURSED: a later application of the customer may be paid elsewhere.
 */
export const BANK_ACCOUNT_LOCKED_STATUSES: Record<Country, readonly number[]> = {
  arg: id('arg', [
    'AUDIT_PENDING',
    'AUDIT_RETRY',
    'AUDIT_APPROVAL',
    'TRANSFER_IN_PROGRESS',
    'TRANSFER_FAILED',
    'TRANSFER_REJECTED',
    'TRANSFERED',
  ]),
  col: id('col', [
    'AUDIT_PENDING',
    'AUDIT_RETRY',
    'AUDIT_APPROVAL',
    'TRANSFER_IN_PROGRESS',
    'TRANSFER_RETRY',
    'TRANSFER_FAILED',
    'TRANSFER_MANUAL',
    'TRANSFER_REJECTED',
  ]),
};

/** The automated stage that runs at a status (prefilter, killer, risk, identity, transfer). */
const STAGE_AT: Record<Country, Partial<Record<number, AutomatedStage>>> = {
  arg: {
    [ARG_STATUS_IDS.PREFILTER]: 'prefilter',
    [ARG_STATUS_IDS.RISK]: 'risk',
    [ARG_STATUS_IDS.VALIDATION_IN_PROGRESS]: 'identity',
    [ARG_STATUS_IDS.TRANSFER_IN_PROGRESS]: 'transfer',
  },
  col: {
    [COL_STATUS_IDS.KILLER]: 'killer',
    [COL_STATUS_IDS.RISK]: 'risk',
    [COL_STATUS_IDS.VALIDATION_IN_PROGRESS]: 'identity',
    [COL_STATUS_IDS.TRANSFER_IN_PROGRESS]: 'transfer',
    [COL_STATUS_IDS.TRANSFER_RETRY]: 'transfer',
  },
};

export function automatedStageAt(country: Country, statusId: number): AutomatedStage | null {
  return STAGE_AT[country][statusId] ?? null;
}

export function transitionsFrom(country: Country, statusId: number): Transition[] {
  return TRANSITIONS[country].filter((t) => t.from === statusId);
}

export function findTransition(country: Country, from: number, to: number): Transition | undefined {
  return TRANSITIONS[country].find((t) => t.from === from && t.to === to);
}

export function roleMayTake(country: Country, transition: Transition, roleId: RoleId): boolean {
  const kind = findRole(country, roleId)?.kind;
  return kind !== undefined && transition.roles.includes(kind);
}

/**
 * The transitions a person of this role may choose from the status on a detail screen or the board
 * (automated ones are the system's; audit decisions are the audit case's).
 */
export function allowedTransitions(country: Country, statusId: number, roleId: RoleId): Transition[] {
  return transitionsFrom(country, statusId).filter((t) => !t.automated && !t.auditDecision && roleMayTake(country, t, roleId));
}

/** Whether the role may run the automated stage that waits at this status. */
export function mayRunAutomation(country: Country, statusId: number, roleId: RoleId): boolean {
  return transitionsFrom(country, statusId).some((t) => t.automated && roleMayTake(country, t, roleId));
}

export function isTerminalStatus(country: Country, statusId: number): boolean {
  return TERMINAL_STATUSES[country].includes(statusId);
}

/**
 * Where nobody works an application any more: the terminal statuses, and the catalogue's statuses the
 * workflow neither enters nor leaves (a loan's life after the pipeline: CLOSED, BAD_DEBT, PAID…). No
 * management status, seller change or call back there; notes still go.
 */
export const CLOSED_STATUSES: Record<Country, readonly number[]> = {
  arg: STATUSES.arg.map((s) => s.id).filter((id) => transitionsFrom('arg', id).length === 0),
  col: STATUSES.col.map((s) => s.id).filter((id) => transitionsFrom('col', id).length === 0),
};

export function isClosedStatus(country: Country, statusId: number): boolean {
  return CLOSED_STATUSES[country].includes(statusId);
}

/**
 * The sales statuses an application can still move on from (not terminal): what the unassigned pool offers
 * and what taking from it accepts. A seller who took a RECHAZADO application would find nothing to do.
 */
export function workableSalesStatusesOf(country: Country): ReturnType<typeof salesStatusesOf> {
  return salesStatusesOf(country).filter((status) => !isTerminalStatus(country, status.id));
}

export function statusNameOf(country: Country, statusId: number): string {
  return STATUSES[country].find((s) => s.id === statusId)?.name ?? String(statusId);
}

/** A status as staff read it: 'Paso 3 · Esperando aprobación del cliente', or its label when it is not a step. */
export function statusLabelOf(country: Country, statusId: number): string {
  const status = STATUSES[country].find((s) => s.id === statusId);
  if (!status) return String(statusId);
  const step = STEP_LABELS[country][status.name];
  return step ? `${step} · ${status.label}` : status.label;
}

/**
 * A status as the seller's sale screens name it: a sales status by its SPEC 4 name ('Paso 2 · CREADO', as
 * the sale's chip and the sales list), any other as statusLabelOf.
 */
export function saleStatusLabelOf(country: Country, statusId: number): string {
  const sales = salesStatusesOf(country).find((status) => status.id === statusId)?.name;
  if (sales === undefined) return statusLabelOf(country, statusId);
  const step = STEP_LABELS[country][statusNameOf(country, statusId)];
  return step ? `${step} · ${sales}` : sales;
}
