import { allowedTransitions, funnelStepsOf, RELATIVE_TIME_JUST_NOW_S, type Country, type ListCount, type RoleId, type StepEntry } from '@backoffice/shared';
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
  return new Set(allowedTransitions(country, statusId, roleId).map((t) => t.to).filter((to) => columns.has(to)));
}

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
