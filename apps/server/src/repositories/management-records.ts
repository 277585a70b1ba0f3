import type { Country } from '@backoffice/shared';
import { and, desc, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { calls, managements } from '../db/schema';
import { oneRow } from '../db/rows';

/** A management recorded this soon after the user's call on the same lead is that call's outcome. */
export const CALL_OUTCOME_WINDOW_MINUTES = 30;

export interface LeadManagementInput {
  country: Country;
  leadId: number;
  userId: number;
  channel: string;
  result: string;
  note?: string | null;
  nextActionAt?: Date | null;
}

/**
 * Writes an application's management inside the caller's transaction (the one that sets the lead's
 * management status). A call the user placed to that lead in the last minutes that no management took yet
 * is the call it came from.
 */
export async function recordLeadManagement(tx: Tx, input: LeadManagementInput): Promise<number> {
  const [call] =
    input.channel === 'call'
      ? await tx
          .select({ id: calls.id })
          .from(calls)
          .where(
            and(
              eq(calls.country, input.country),
              eq(calls.userId, input.userId),
              eq(calls.leadId, input.leadId),
              ne(calls.status, 'failed'),
              gt(calls.startedAt, sql`now() - make_interval(mins => ${CALL_OUTCOME_WINDOW_MINUTES})`),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(managements)
                  .where(eq(managements.callId, calls.id)),
              ),
            ),
          )
          .orderBy(desc(calls.startedAt))
          .limit(1)
      : [];
  const row = oneRow(
    await tx
      .insert(managements)
      .values({
        country: input.country,
        userId: input.userId,
        leadId: input.leadId,
        channel: input.channel,
        result: input.result,
        note: input.note ?? null,
        nextActionAt: input.nextActionAt ?? null,
        callId: call?.id ?? null,
      })
      .returning({ id: managements.id }),
  );
  return row.id;
}
