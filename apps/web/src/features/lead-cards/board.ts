import {
  allowedTransitions,
  findTransition,
  funnelStepsOf,
  GUARD_MESSAGES,
  inVoice,
  RELATIVE_TIME_JUST_NOW_S,
  roleMayTake,
  statusLabelOf,
  type Country,
  type LeadListItem,
  type ListCount,
  type RoleId,
  type StepEntry,
} from '@backoffice/shared';
import { count } from '../../lib/format';

/** Cards per request of a column: one screen of cards and a bit, still a cheap index-only page. */
export const CARDS_PAGE_SIZE = 25;

/**
 * The board's columns: the country's step labels in pipeline order (Paso 2 … Paso 12, then AUDITORIA,
 * TRANSFERENCIA, DEVUELTO, RE-AUDITORIA, RECHAZO, RECHAZO-AUDITORIA; col adds EXPIRADO). `stepsOf` keeps the
 * catalogue's order (TRANSFERENCIA before AUDITORIA), so the shared funnel order is the one used here. A
 * column's id is its status id, which is also what a card moved onto it is sent to.
 */
export function boardColumns(country: Country): StepEntry[] {
  return funnelStepsOf(country);
}

/**
 * The columns a card at `statusId` may be dropped on by this role: the manual transitions of the shared
 * table that land on a column. Guards (offer, seller) are not known here; the server checks them and its
 * refusal is shown. Used to dim the other columns while dragging.
 */
export function moveTargets(country: Country, statusId: number, roleId: RoleId | undefined): Set<number> {
  if (roleId === undefined) return new Set();
  const columns = new Set(boardColumns(country).map((column) => column.id));
  return new Set(
    allowedTransitions(country, statusId, roleId)
      .map((t) => t.to)
      .filter((to) => columns.has(to)),
  );
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Whether a card may be dropped on a column, and if not why (shown on the column while dragging). */
export type DropVerdict = { ok: true } | { ok: false; reason: string };

/**
 * The shared transition table's answer for a card dropped on the column of status `to`, by this role: the
 * transition must exist, be a person's (not an automated stage's nor an audit decision) and be the role's,
 * and the card must meet the guards it can tell (a seller; the offer and the bank account are not on a
 * card, so those the server still checks). A refused drop sends nothing.
 */
export function dropVerdict(
  country: Country,
  card: Pick<LeadListItem, 'status_id' | 'seller'>,
  to: number,
  roleId: RoleId | undefined,
): DropVerdict {
  const transition = findTransition(country, card.status_id, to);
  if (!transition) {
    const from = boardColumns(country).find((column) => column.id === card.status_id)?.label ?? statusLabelOf(country, card.status_id);
    return { ok: false, reason: `no es un paso siguiente de ${from}` };
  }
  if (transition.auditDecision) return { ok: false, reason: 'se decide en Auditorías, con el caso tomado' };
  if (transition.automated) return { ok: false, reason: 'lo decide una etapa automática' };
  if (roleId === undefined || !roleMayTake(country, transition, roleId))
    return { ok: false, reason: inVoice(country, 'tu rol no puede hacer este cambio') };
  if (transition.guards.includes('hasSeller') && card.seller === null) return { ok: false, reason: lowerFirst(GUARD_MESSAGES.hasSeller) };
  return { ok: true };
}

/** What a refused column says while a card is dragged over the board. */
export const refusedText = (column: StepEntry, reason: string): string => `No se puede mover a ${column.label}: ${reason}`;

/** A column's count as the lists show it: exact, or "más de 10.000" beyond the server's threshold. */
export function countLabel(listCount: ListCount): string {
  return listCount.exact ? count(listCount.total) : `más de ${count(listCount.total)}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (value: number, one: string, many: string) => `${value} ${value === 1 ? one : many}`;

/** How long ago the application was created, short enough for a card: 'just now' (SPEC 9), 'hace 5 min', 'hace 3 días'. */
export function formatAge(createdAt: string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(createdAt).getTime());
  if (elapsed < RELATIVE_TIME_JUST_NOW_S * 1000) return 'just now';
  if (elapsed < HOUR) return `hace ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `hace ${Math.floor(elapsed / HOUR)} h`;
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return `hace ${plural(days, 'día', 'días')}`;
  if (days < 365) return `hace ${plural(Math.floor(days / 30), 'mes', 'meses')}`;
  return `hace ${plural(Math.floor(days / 365), 'año', 'años')}`;
}
