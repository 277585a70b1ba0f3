import {
  allowedTransitions,
  findTransition,
  guardBlock,
  isClosedStatus,
  roleMayTake,
  statusLabelOf,
  STATUSES,
  type Country,
  type RoleId,
} from '@backoffice/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customers, leads, payableAccount } from '../../db/schema';
import { WORKFLOW_MESSAGES } from '../../services/workflow';
import { RowRefused } from '../operation';

/** What the lead operations check of a lead: the workflow's subject. */
export interface BatchLead {
  id: number;
  statusId: number;
  sellerId: number | null;
  version: number;
  offeredAmount: number | null;
  hasBankAccount: boolean;
}

const fields = {
  id: leads.id,
  statusId: leads.statusId,
  sellerId: leads.sellerId,
  version: leads.version,
  offeredAmount: leads.offeredAmount,
  hasBankAccount: payableAccount,
};

export const LEAD_MESSAGES = {
  notFound: (id: number) => `La solicitud ${id} no existe en este país`,
  closed: (status: string) => `La solicitud está cerrada (${status}): no se modifica`,
  unknownStatus: (value: string) => `Estado desconocido: ${value}`,
  noClose: (status: string) => `Desde ${status} la tabla del flujo no permite a tu rol cerrar ni cancelar la solicitud`,
};

/** The chunk's leads of the country by id, in one query. */
export async function loadLeads(db: Db, country: Country, ids: number[]): Promise<Map<number, BatchLead>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(fields)
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(and(eq(leads.country, country), inArray(leads.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The lead locked in the row's transaction (its key stays free for timeline rows). */
export async function lockLead(tx: Tx, country: Country, id: number): Promise<BatchLead> {
  const [lead] = await tx
    .select(fields)
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(and(eq(leads.id, id), eq(leads.country, country)))
    .for('no key update', { of: leads });
  if (!lead) throw new RowRefused(LEAD_MESSAGES.notFound(id));
  return lead;
}

/** A chunk's leads locked at once, in id order (two chunks locking the same leads wait, not deadlock). */
export async function lockLeads(tx: Tx, country: Country, ids: number[]): Promise<Map<number, BatchLead>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select(fields)
    .from(leads)
    .innerJoin(customers, eq(customers.id, leads.customerId))
    .where(and(eq(leads.country, country), inArray(leads.id, [...new Set(ids)])))
    .orderBy(leads.id)
    .for('no key update', { of: leads });
  return new Map(rows.map((row) => [row.id, row]));
}

/** A status by id or catalogue name (case ignored). */
export function statusOf(country: Country, value: string): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return STATUSES[country].find((s) => s.id === Number(text))?.id;
  return STATUSES[country].find((s) => s.name.toLowerCase() === text.toLowerCase())?.id;
}

/**
 * The refusal the workflow would give a person of this role moving the lead to `to` (WorkflowService.apply),
 * read without writing: the same table, roles and guards. null when it would go.
 */
export function transitionRefusal(country: Country, role: RoleId, lead: BatchLead, to: number, reason: string | undefined): string | null {
  const from = statusLabelOf(country, lead.statusId);
  const target = statusLabelOf(country, to);
  const transition = findTransition(country, lead.statusId, to);
  if (!transition) return WORKFLOW_MESSAGES.notAllowed(from, target);
  if (transition.automated) return WORKFLOW_MESSAGES.automatedOnly(from, target);
  if (!roleMayTake(country, transition, role)) return WORKFLOW_MESSAGES.roleNotAllowed(from, target);
  if (transition.auditDecision) return WORKFLOW_MESSAGES.auditOnly(from, target);
  const blocked = guardBlock(transition.guards, {
    offered_amount: lead.offeredAmount,
    seller_id: lead.sellerId,
    has_bank_account: lead.hasBankAccount,
  });
  if (blocked) return blocked;
  if (transition.reasonRequired && !reason?.trim()) return WORKFLOW_MESSAGES.reasonRequired;
  return null;
}

/**
 * Where closing takes the lead: a person's transition of the role's from its status to a closed status,
 * CANCELLED first when the table offers it. undefined when the table offers none.
 */
export function closeTargetOf(country: Country, role: RoleId, statusId: number): number | undefined {
  const closing = allowedTransitions(country, statusId, role).filter(
    (t) => !t.automated && !t.auditDecision && isClosedStatus(country, t.to),
  );
  const names = (to: number) => STATUSES[country].find((s) => s.id === to)?.name ?? '';
  return (closing.find((t) => names(t.to) === 'CANCELLED') ?? closing.find((t) => /CANCEL/.test(names(t.to))) ?? closing[0])?.to;
}

/** "Lote #7: motivo", the status history's reason of a batch's change. */
export function batchReason(label: string, reason: string | undefined): string {
  return reason?.trim() ? `${label}: ${reason.trim()}` : label;
}
