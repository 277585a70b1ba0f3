import type { Country, RoleKind } from '@backoffice/shared';
import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { secondFactorRoleKinds, userSecondFactors, type UserSecondFactorRow } from '../db/schema';

/**
 * The users' TOTP factors and the role kinds that require one (db/tables/second-factor.ts). Each use of a
 * code or recovery code is one conditional update, so two requests racing with the same code cannot both win.
 */
export class SecondFactorsRepository {
  constructor(private readonly db: Db) {}

  async find(userId: number): Promise<UserSecondFactorRow | undefined> {
    const [row] = await this.db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
    return row;
  }

  /** Starts (or starts again) an enrolment with a new secret; undefined when the user already has a confirmed factor. */
  async start(userId: number, secret: string): Promise<boolean> {
    const rows = await this.db
      .insert(userSecondFactors)
      .values({ userId, secret })
      .onConflictDoUpdate({
        target: userSecondFactors.userId,
        set: { secret, lastStep: null, recoveryCodes: [], createdAt: sql`now()` },
        setWhere: isNull(userSecondFactors.confirmedAt),
      })
      .returning({ userId: userSecondFactors.userId });
    return rows.length > 0;
  }

  /** Confirms a pending enrolment with the step of its first code and the recovery codes' hashes. */
  async confirm(userId: number, step: number, recoveryHashes: string[]): Promise<boolean> {
    const rows = await this.db
      .update(userSecondFactors)
      .set({ confirmedAt: sql`now()`, lastStep: step, recoveryCodes: recoveryHashes })
      .where(and(eq(userSecondFactors.userId, userId), isNull(userSecondFactors.confirmedAt)))
      .returning({ userId: userSecondFactors.userId });
    return rows.length > 0;
  }

  /** Takes a code's time step: false when that step (or a later one) was already used (a replay). */
  async useStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(userSecondFactors)
      .set({ lastStep: step })
      .where(
        and(
          eq(userSecondFactors.userId, userId),
          isNotNull(userSecondFactors.confirmedAt),
          or(isNull(userSecondFactors.lastStep), lt(userSecondFactors.lastStep, step)),
        ),
      )
      .returning({ userId: userSecondFactors.userId });
    return rows.length > 0;
  }

  /** Spends a recovery code by its hash; the codes left, or undefined when it is not one of the user's (or was used). */
  async useRecoveryCode(userId: number, hash: string): Promise<number | undefined> {
    const [row] = await this.db
      .update(userSecondFactors)
      .set({ recoveryCodes: sql`array_remove(${userSecondFactors.recoveryCodes}, ${hash})` })
      .where(
        and(
          eq(userSecondFactors.userId, userId),
          isNotNull(userSecondFactors.confirmedAt),
          sql`${hash} = any(${userSecondFactors.recoveryCodes})`,
        ),
      )
      .returning({ left: sql<number>`cardinality(${userSecondFactors.recoveryCodes})`.mapWith(Number) });
    return row?.left;
  }

  /** Removes the user's factor (confirmed or not); true when there was a confirmed one. */
  async remove(userId: number): Promise<boolean> {
    const rows = await this.db
      .delete(userSecondFactors)
      .where(eq(userSecondFactors.userId, userId))
      .returning({ confirmedAt: userSecondFactors.confirmedAt });
    return rows.some((r) => r.confirmedAt !== null);
  }

  async requiredKinds(country: Country): Promise<RoleKind[]> {
    const rows = await this.db
      .select({ kind: secondFactorRoleKinds.kind })
      .from(secondFactorRoleKinds)
      .where(eq(secondFactorRoleKinds.country, country))
      .orderBy(secondFactorRoleKinds.kind);
    return rows.map((r) => r.kind as RoleKind);
  }

  /** Replaces the country's required kinds; answers the ones before. */
  async setRequiredKinds(country: Country, kinds: RoleKind[]): Promise<RoleKind[]> {
    return this.db.transaction(async (tx) => {
      const before = await tx
        .delete(secondFactorRoleKinds)
        .where(eq(secondFactorRoleKinds.country, country))
        .returning({ kind: secondFactorRoleKinds.kind });
      if (kinds.length > 0) await tx.insert(secondFactorRoleKinds).values(kinds.map((kind) => ({ country, kind })));
      return before.map((r) => r.kind as RoleKind).sort();
    });
  }
}
