import type { GridId, GridSettings } from '@backoffice/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { userGridSettings } from '../db/schema';

/** Each user's settings of each list (shared GRIDS): read when a list opens, replaced whole on a change. */
export class GridSettingsRepository {
  constructor(private readonly db: Db) {}

  async get(userId: number, grid: GridId): Promise<GridSettings | null> {
    const [row] = await this.db
      .select({ settings: userGridSettings.settings })
      .from(userGridSettings)
      .where(and(eq(userGridSettings.userId, userId), eq(userGridSettings.grid, grid)));
    return row?.settings ?? null;
  }

  async save(userId: number, grid: GridId, settings: GridSettings): Promise<void> {
    await this.db
      .insert(userGridSettings)
      .values({ userId, grid, settings })
      .onConflictDoUpdate({ target: [userGridSettings.userId, userGridSettings.grid], set: { settings, updatedAt: sql`now()` } });
  }
}
