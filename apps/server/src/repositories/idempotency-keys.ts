import { createHash } from 'node:crypto';
import type { Country } from '@backoffice/shared';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/** How long a key answers with its first response. */
const KEPT_FOR = sql`interval '24 hours'`;
/** Expired keys a creation prunes on its way: enough to keep up with any creation rate, never a long delete. */
const PRUNE_BATCH = 50;

/** A client's key for one request that writes (a lead's creation, a note), and what it asked for (a repeat with other data is refused). */
export interface IdempotencyKey {
  userId: number;
  key: string;
  requestHash: string;
}

/** The fingerprint of a validated request body: the same data in the same shape gives the same hash. */
export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('base64url');
}

/** What a repeated key answers: what the first request recorded, or that the key was used for other data. */
export type EarlierAnswer<T> = { outcome: 'replayed'; answer: T } | { outcome: 'keyReused' };

/** The key's first answer while it lasts, undefined when the key is new (or expired). */
export async function earlierAnswer<T>(db: Db | Tx, once: IdempotencyKey): Promise<EarlierAnswer<T> | undefined> {
  const [row] = await db
    .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, once.userId),
        eq(idempotencyKeys.key, once.key),
        gt(idempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}`),
      ),
    );
  if (!row) return undefined;
  return row.requestHash === once.requestHash ? { outcome: 'replayed', answer: row.response as T } : { outcome: 'keyReused' };
}

/**
 * Records the key's answer in the creation's transaction; false when the key is taken (a concurrent request
 * with it committed first: this one waited on its row and must roll back). An expired key is taken over.
 * Prunes a few expired keys on the way.
 */
export async function keepAnswer(tx: Tx, country: Country, once: IdempotencyKey, response: object): Promise<boolean> {
  const kept = await tx
    .insert(idempotencyKeys)
    .values({ userId: once.userId, key: once.key, country, requestHash: once.requestHash, response })
    .onConflictDoUpdate({
      target: [idempotencyKeys.userId, idempotencyKeys.key],
      set: { country, requestHash: once.requestHash, response, createdAt: sql`now()` },
      setWhere: lt(idempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}`),
    })
    .returning({ key: idempotencyKeys.key });
  if (kept.length === 0) return false;
  // Skipping rows another creation is pruning: no creation ever waits on another's housekeeping.
  await tx.execute(sql`
    delete from ${idempotencyKeys}
     where (user_id, key) in (select user_id, key from ${idempotencyKeys}
                               where created_at < now() - ${KEPT_FOR}
                               order by created_at limit ${PRUNE_BATCH} for update skip locked)`);
  return true;
}
