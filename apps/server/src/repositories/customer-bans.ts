import {
  normaliseBanValue,
  type BanDetail,
  type BanKind,
  type BanReason,
  type BanRow,
  type Country,
  type MessageChannel,
} from '@backoffice/shared';
import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { customerBanHits, customerBans, customers, leads, users } from '../db/schema';

/** A value to look bans up by: its kind and its normalised value (shared `normaliseBanValue`). */
export interface BanKey {
  kind: BanKind;
  value: string;
}

export interface NewBan extends BanKey {
  channel: MessageChannel | null;
  reason: BanReason;
  notes: string | null;
  startsAt: Date | null;
  expiresAt: Date | null;
  createdBy: number | null;
}

/** A ban in force that a lookup found. */
export interface FoundBan extends BanKey {
  id: number;
  reason: BanReason;
  channel: MessageChannel | null;
}

/** Where a ban stands now, in SQL over `customer_bans b` (shared BAN_STATES). */
export const banStateSql = sql<string>`(case when b.lifted_at is not null then 'lifted' when b.starts_at > now() then 'scheduled'
  when b.expires_at is not null and b.expires_at <= now() then 'expired' else 'active' end)`;

/** A ban row as the list and the detail show it (BanRow), over `customer_bans b` with its users cu and lu. */
export const banRowJson = sql`json_build_object('id', b.id, 'kind', b.kind, 'value', b.value, 'channel', b.channel, 'reason', b.reason,
  'notes', b.notes, 'state', ${banStateSql}, 'starts_at', b.starts_at, 'expires_at', b.expires_at, 'created_by', b.created_by,
  'created_by_name', cu.name, 'lifted_at', b.lifted_at, 'lifted_by_name', lu.name, 'lift_reason', b.lift_reason,
  'stopped', (select count(*) from customer_ban_hits h where h.ban_id = b.id)::int, 'version', b.version)`;

export const banFrom = sql`customer_bans b left join users cu on cu.id = b.created_by left join users lu on lu.id = b.lifted_by`;

type Runner = Db | Tx;

/** The identifiers of a customer a credit ban may name, normalised as bans are (empty ones left out). */
export function customerBanKeys(
  country: Country,
  customer: { docNumber?: string | null; cellphone?: string | null; email?: string | null; bankAccount?: string | null },
): BanKey[] {
  const keys: BanKey[] = [];
  const add = (kind: BanKey['kind'], raw: string | null | undefined) => {
    if (!raw) return;
    const normalised = normaliseBanValue(country, kind, raw);
    // A stored value that does not read as its kind (old data) is still compared by its plain form.
    keys.push({ kind, value: normalised.ok ? normalised.value : raw.trim().toLowerCase() });
  };
  add('document', customer.docNumber);
  add('cellphone', customer.cellphone);
  add('email', customer.email);
  add('bank_account', customer.bankAccount);
  return keys;
}

/**
 * The oldest ban in force now on any of `keys`: credit bans only (`channel` undefined), or those that bar
 * contact on a channel (its do-not-contact bans and every credit ban). One index range per key.
 */
export async function banInForce(tx: Runner, country: Country, keys: BanKey[], channel?: MessageChannel): Promise<FoundBan | undefined> {
  return (await bansInForce(tx, country, keys, channel === undefined ? [] : [channel], 1))[0];
}

/**
 * Every ban in force on these keys, lowest id first: credit bans, and the do-not-contact bans of `channels`
 * (a batch's messages read them for a chunk at once; a message is stopped by the first that matches it).
 */
export async function bansInForce(
  tx: Runner,
  country: Country,
  keys: BanKey[],
  channels: readonly MessageChannel[],
  limit?: number,
): Promise<FoundBan[]> {
  const wanted = keys.filter((key) => key.value !== '');
  if (wanted.length === 0) return [];
  const pairs = sql.join(
    wanted.map((key) => sql`(${key.kind}, ${key.value})`),
    sql`, `,
  );
  const scope: SQL =
    channels.length === 0
      ? sql`${customerBans.channel} is null`
      : sql`(${customerBans.channel} is null or ${customerBans.channel} in (${sql.join(
          channels.map((channel) => sql`${channel}`),
          sql`, `,
        )}))`;
  const query = tx
    .select({
      id: customerBans.id,
      kind: customerBans.kind,
      value: customerBans.value,
      reason: customerBans.reason,
      channel: customerBans.channel,
    })
    .from(customerBans)
    .where(
      and(
        eq(customerBans.country, country),
        isNull(customerBans.liftedAt),
        sql`(${customerBans.kind}, ${customerBans.value}) in (${pairs})`,
        sql`${customerBans.startsAt} <= now() and (${customerBans.expiresAt} is null or ${customerBans.expiresAt} > now())`,
        scope,
      ),
    )
    .orderBy(customerBans.id);
  return limit === undefined ? query : query.limit(limit);
}

/** An application the ban stopped at intake. */
export async function recordBanHit(tx: Runner, banId: number, leadId: number): Promise<void> {
  await tx.insert(customerBanHits).values({ banId, leadId }).onConflictDoNothing();
}

/**
 * Customer bans: written by the bans service (one or many, `banCustomers`), looked up by the intake, the
 * customer edit and communications through the partial (country, kind, value) index of unlifted bans.
 */
export class CustomerBansRepository {
  constructor(private readonly db: Db) {}

  async insert(tx: Runner, country: Country, bans: NewBan[]): Promise<number[]> {
    if (bans.length === 0) return [];
    const rows = await tx
      .insert(customerBans)
      .values(
        bans.map((ban) => ({
          country,
          kind: ban.kind,
          value: ban.value,
          channel: ban.channel,
          reason: ban.reason,
          notes: ban.notes,
          createdBy: ban.createdBy,
          ...(ban.startsAt && { startsAt: ban.startsAt }),
          expiresAt: ban.expiresAt,
        })),
      )
      .returning({ id: customerBans.id });
    return rows.map((row) => row.id);
  }

  inForce(country: Country, keys: BanKey[], channel?: MessageChannel): Promise<FoundBan | undefined> {
    return banInForce(this.db, country, keys, channel);
  }

  /** Lifts a ban in force or scheduled: 'lifted' already, 'stale' version, undefined when not found. */
  async lift(
    country: Country,
    id: number,
    userId: number,
    reason: string,
    version: number,
  ): Promise<'ok' | 'lifted' | 'stale' | undefined> {
    return this.db.transaction(async (tx) => {
      const [current] = await tx
        .select({ version: customerBans.version, liftedAt: customerBans.liftedAt })
        .from(customerBans)
        .where(and(eq(customerBans.id, id), eq(customerBans.country, country)))
        .for('update');
      if (!current) return undefined;
      if (current.liftedAt) return 'lifted';
      if (current.version !== version) return 'stale';
      await tx
        .update(customerBans)
        .set({
          liftedAt: sql`now()`,
          liftedBy: userId,
          liftReason: reason,
          version: sql`${customerBans.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(customerBans.id, id), isNull(customerBans.liftedAt)));
      return 'ok';
    });
  }

  /** The users who set the country's bans, by name (the list's "Creado por" filter). */
  async authors(country: Country): Promise<{ id: number; name: string }[]> {
    return this.db
      .selectDistinct({ id: users.id, name: users.name })
      .from(customerBans)
      .innerJoin(users, eq(users.id, customerBans.createdBy))
      .where(eq(customerBans.country, country))
      .orderBy(users.name, users.id);
  }

  /** A ban and the applications it stopped, newest first. */
  async detail(country: Country, id: number): Promise<BanDetail | undefined> {
    const [row] = await this.db
      .select({ ban: sql<string>`(${banRowJson})::text` })
      .from(sql`${banFrom}`)
      .where(sql`b.id = ${id} and b.country = ${country}`);
    if (!row) return undefined;
    const ban = JSON.parse(row.ban) as BanRow;
    const applications = await this.db
      .select({
        lead_id: leads.id,
        stopped_at: sql<string>`to_json(${customerBanHits.createdAt})#>>'{}'`,
        status_id: leads.statusId,
        customer_name: sql<string>`${customers.lastName} || ', ' || ${customers.firstName}`,
        doc_number: customers.docNumber,
      })
      .from(customerBanHits)
      .innerJoin(leads, eq(leads.id, customerBanHits.leadId))
      .innerJoin(customers, eq(customers.id, leads.customerId))
      .where(eq(customerBanHits.banId, id))
      .orderBy(desc(customerBanHits.createdAt), desc(customerBanHits.leadId))
      .limit(200);
    return { ban, applications };
  }
}
