import { normaliseBanValue, type BanKind } from '@backoffice/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { customerBans } from '../../db/schema';
import { CustomerBansRepository } from '../../repositories/customer-bans';
import { banCustomers, checkBan } from '../../services/customer-bans';
import { defineOperation, RowRefused, type ApplyContext } from '../operation';

const ALREADY = (id: number) => `Ese valor ya tiene un bloqueo de crédito sin levantar (#${id})`;

/** The value as bans store it (the file's may carry dots, spaces, a +57): what repeats are compared by. */
function keyOf(country: 'arg' | 'col', kind: BanKind, value: string): string {
  const normalised = normaliseBanValue(country, kind, value);
  return `${kind}:${normalised.ok ? normalised.value : value.trim().toLowerCase()}`;
}

/** The service's 400 names the fields: the row's error says the same. */
function asRefusal(error: unknown): unknown {
  const fields = (error as { fields?: { field: string; message: string }[] }).fields;
  return fields?.length ? new RowRefused(fields.map((field) => `${field.field}: ${field.message}`).join('; ')) : error;
}

const notesOf = (label: string, notes: string | undefined) => (notes ? `${label}: ${notes}` : label);

/**
 * Bans each row's value from credit through the bans area's service (`banCustomers`: the same checks and
 * row as "Nuevo bloqueo"), its detail naming the batch. A value with a credit ban not lifted is refused:
 * a second ban would add nothing.
 */
export const banCustomersOperation = defineOperation<'ban-customers', Map<string, number>>({
  type: 'ban-customers',
  async load(rows, { db, country }) {
    const keys = [...new Set(rows.map((row) => keyOf(country, row.kind, row.value)))];
    if (keys.length === 0) return new Map();
    const found = await db
      .select({ id: customerBans.id, key: sql<string>`${customerBans.kind} || ':' || ${customerBans.value}` })
      .from(customerBans)
      .where(
        and(
          eq(customerBans.country, country),
          isNull(customerBans.liftedAt),
          isNull(customerBans.channel),
          sql`${customerBans.kind} || ':' || ${customerBans.value} in ${keys}`,
        ),
      );
    return new Map(found.map((row) => [row.key, row.id]));
  },
  validate(row, existing, { country, user }) {
    const checked = checkBan(country, { kind: row.kind, value: row.value, reason: row.reason, notes: row.notes }, user.id);
    if ('fields' in checked) return checked.fields.map((field) => `${field.field}: ${field.message}`).join('; ');
    const banned = existing.get(keyOf(country, row.kind, row.value));
    return banned === undefined ? null : ALREADY(banned);
  },
  recordId: () => null,
  key: (row, country) => keyOf(country, row.kind, row.value),
  duplicate: (line) => `Fila repetida: el mismo valor ya está en la fila ${line}`,
  async apply(tx, row, context) {
    const { country, user, label } = context;
    const key = keyOf(country, row.kind, row.value);
    // Checked again in the row's transaction: a ban made since the validation leaves the row failed.
    const [banned] = await tx
      .select({ id: customerBans.id })
      .from(customerBans)
      .where(
        and(
          eq(customerBans.country, country),
          isNull(customerBans.liftedAt),
          isNull(customerBans.channel),
          sql`${customerBans.kind} || ':' || ${customerBans.value} = ${key}`,
        ),
      )
      .limit(1);
    if (banned) throw new RowRefused(ALREADY(banned.id));
    try {
      const [id] = await banCustomers(tx, repository(context), country, user.id, [
        { kind: row.kind, value: row.value, reason: row.reason, notes: notesOf(label, row.notes) },
      ]);
      return id;
    } catch (error) {
      throw asRefusal(error);
    }
  },
  /** The chunk in two statements: the values' bans not lifted (none may have one), then every ban inserted at once. */
  async applyChunk(tx, rows, context) {
    const { country, user, label } = context;
    const keys = rows.map(({ value }) => keyOf(country, value.kind, value.value));
    if (new Set(keys).size !== keys.length) throw new RowRefused('repeated value in the chunk');
    const [banned] = await tx
      .select({ id: customerBans.id })
      .from(customerBans)
      .where(
        and(
          eq(customerBans.country, country),
          isNull(customerBans.liftedAt),
          isNull(customerBans.channel),
          sql`${customerBans.kind} || ':' || ${customerBans.value} in ${keys}`,
        ),
      )
      .limit(1);
    if (banned) throw new RowRefused(ALREADY(banned.id));
    try {
      return await banCustomers(
        tx,
        repository(context),
        country,
        user.id,
        rows.map(({ value }) => ({ kind: value.kind, value: value.value, reason: value.reason, notes: notesOf(label, value.notes) })),
      );
    } catch (error) {
      throw asRefusal(error);
    }
  },
});

function repository(context: ApplyContext): CustomerBansRepository {
  return new CustomerBansRepository(context.db);
}
