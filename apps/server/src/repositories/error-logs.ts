import type { Country, ErrorLog } from '@backoffice/shared';
import type { Db } from '../db/client';
import { errorLogs } from '../db/schema';
import { oneRow } from '../db/rows';

export interface ErrorLogContext {
  userId?: number;
  country?: Country;
  userAgent?: string;
  ip?: string;
}

export class ErrorLogsRepository {
  constructor(private readonly db: Db) {}

  async create(entry: ErrorLog, context: ErrorLogContext): Promise<number> {
    const row = oneRow(
      await this.db
        .insert(errorLogs)
        .values({
          message: entry.message,
          stack: entry.stack,
          info: entry.info,
          path: entry.path,
          occurredAt: new Date(entry.timestamp),
          userId: context.userId,
          country: context.country,
          userAgent: context.userAgent?.slice(0, 512),
          ip: context.ip,
        })
        .returning({ id: errorLogs.id }),
    );
    return row.id;
  }
}
