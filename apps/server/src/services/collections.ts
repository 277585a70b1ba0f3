import {
  COLLECTION_BULK_ASSIGN_MAX,
  addDays,
  findRole,
  todayIn,
  type CollectionListQuery,
  type Country,
  type FieldError,
  type RoleId,
} from '@backoffice/shared';
import type { FastifyInstance } from 'fastify';
import { HttpError, MESSAGES, invalidData } from '../lib/errors';
import type { AuthUser } from '../plugins/app/auth';
import { COLLECTIONS_LIST, COLLECTOR_KINDS, collectionsList, isCollector, type CollectionListFilters } from '../repositories/collections';

export const COLLECTION_MESSAGES = {
  notFound: 'Préstamo no encontrado',
  notYours: 'Este préstamo no está en tu cartera',
  unknownCollector: 'El cobrador no existe, no está activo o no es de este país',
  tooMany: (n: number) => `El filtro abarca más de ${n.toLocaleString('es-AR')} préstamos: acótalo para asignarlos`,
  onlyAssigners: 'Solo un supervisor o un administrador asigna cobradores',
} as const;

/** Who assigns loans to collectors (DOMAIN 4: supervisors, and admins). */
export function canAssign(country: Country, role: RoleId): boolean {
  const kind = findRole(country, role)?.kind;
  return kind === 'admin' || kind === 'supervisor';
}

/** The due-date filter's bounds today (SPEC 9: from the environment, as days from today). */
export function dueDateBounds(app: FastifyInstance, country: Country, now = new Date()): { min: string; max: string } {
  const today = todayIn(country, now);
  return { min: addDays(today, app.config.collectionDueDate.minDays), max: addDays(today, app.config.collectionDueDate.maxDays) };
}

/**
 * The collections desk's rules: which rows a user's list holds (a collector: their own queue), who writes
 * on a loan, assignments and what they tell the collectors through the realtime bridge.
 */
export class CollectionsService {
  readonly list;

  constructor(
    private readonly app: FastifyInstance,
    private readonly country: Country,
  ) {
    this.list = collectionsList(country);
  }

  /** The list's filters, checked (400 naming the field), scoped to a collector's own queue. */
  filters(query: Partial<CollectionListQuery>, user: AuthUser): CollectionListFilters {
    const errors: FieldError[] = [];
    const bounds = dueDateBounds(this.app, this.country);
    for (const field of ['due_from', 'due_to'] as const) {
      const day = query[field];
      if (day && (day < bounds.min || day > bounds.max))
        errors.push({ field, message: `La fecha de vencimiento va del ${bounds.min} al ${bounds.max}` });
    }
    if (query.due_from && query.due_to && query.due_to < query.due_from)
      errors.push({ field: 'due_to', message: 'La fecha hasta no puede ser anterior a la fecha desde' });
    if (query.dpd_min !== undefined && query.dpd_max !== undefined && query.dpd_max < query.dpd_min) {
      errors.push({ field: 'dpd_max', message: 'El máximo de días no puede ser menor que el mínimo' });
    }
    if (query.next_action_from && query.next_action_to && query.next_action_to < query.next_action_from) {
      errors.push({ field: 'next_action_to', message: 'La fecha hasta no puede ser anterior a la fecha desde' });
    }
    if (errors.length > 0) throw invalidData(errors);
    return {
      bucket: query.bucket,
      dpd_min: query.dpd_min,
      dpd_max: query.dpd_max,
      due_from: query.due_from,
      due_to: query.due_to,
      promise: query.promise,
      next_action_from: query.next_action_from,
      next_action_to: query.next_action_to,
      collector: query.collector,
      q: query.q || undefined,
      ownCollectorId: isCollector(this.country, user.role) ? user.id : undefined,
    };
  }

  /**
   * The filters with a free text resolved before the page: a name with a word that begins one word of the loans
   * in collections reads its words' lists (`name`); any other text has its loans looked up first
   * (customers, then their loans in collections) so the page and its count read them by id, unless more than
   * the cap match (then as they are).
   */
  async searched(filters: CollectionListFilters): Promise<CollectionListFilters> {
    if (!filters.q) return filters;
    const name = await this.app.collections.nameOf(this.country, filters.q);
    if (name === 'none') return { ...filters, loanIds: [] };
    if (name) return { ...filters, name };
    const loanIds = await this.app.collections.loansOfText(this.country, filters.q, this.app.config.listTextProbeCap);
    return loanIds ? { ...filters, loanIds } : filters;
  }

  /** A loan the user may read: 404 when not this country's, 403 for a collector's other loans. */
  async readable(user: AuthUser, loanId: number) {
    const access = await this.app.collections.access(this.country, loanId);
    if (!access) throw new HttpError(404, COLLECTION_MESSAGES.notFound);
    if (isCollector(this.country, user.role) && access.collectorId !== user.id) throw new HttpError(403, COLLECTION_MESSAGES.notYours);
    return access;
  }

  private async collector(id: number) {
    const collector = await this.app.users.findActiveOfKinds(this.country, id, COLLECTOR_KINDS);
    if (!collector) throw invalidData([{ field: 'collector_id', message: COLLECTION_MESSAGES.unknownCollector }]);
    return collector;
  }

  /** Assigns one loan, or every loan of a list filter (refused beyond COLLECTION_BULK_ASSIGN_MAX). */
  async assign(user: AuthUser, collectorId: number, target: { loanId: number } | { filters: CollectionListFilters }) {
    if (!canAssign(this.country, user.role)) throw new HttpError(403, COLLECTION_MESSAGES.onlyAssigners);
    const collector = await this.collector(collectorId);
    let condition;
    if ('loanId' in target) {
      await this.readable(user, target.loanId);
      condition = this.app.collections.oneLoan(this.country, target.loanId);
    } else {
      condition = this.app.collections.matching(this.list, { country: this.country, user }, target.filters);
    }
    const by = { id: user.id, name: user.name };
    const { matched, moved } = await this.app.collections.assign(this.country, condition, collector, by);
    if (moved.length > 0) this.app.lists.changed(COLLECTIONS_LIST);
    if (matched > COLLECTION_BULK_ASSIGN_MAX) throw new HttpError(409, COLLECTION_MESSAGES.tooMany(COLLECTION_BULK_ASSIGN_MAX));
    this.announce(collector.id, moved, by);
    return { matched, assigned: moved.length };
  }

  /** The new collector hears of their loans; each collector they were taken from, of theirs (their list refreshes). */
  private announce(collectorId: number, moved: { id: number; previous: number | null }[], by: { id: number; name: string }) {
    if (moved.length === 0) return;
    const payload = (ids: number[]) => ({ collector_id: collectorId, loan_ids: ids.slice(0, 100), count: ids.length, by });
    this.app.realtime.toUser(collectorId, 'loan:assigned', payload(moved.map((m) => m.id)));
    const byPrevious = new Map<number, number[]>();
    for (const m of moved) if (m.previous !== null) byPrevious.set(m.previous, [...(byPrevious.get(m.previous) ?? []), m.id]);
    for (const [previous, ids] of byPrevious) this.app.realtime.toUser(previous, 'loan:assigned', payload(ids));
  }

  /** 403 unless the user writes on this loan: a collector only on their own. */
  ownOnly(user: AuthUser): boolean {
    return isCollector(this.country, user.role);
  }

  forbidden(): HttpError {
    return new HttpError(403, MESSAGES.forbidden);
  }
}
