import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';

/*
 * Statements compiled once per shape: drizzle builds the SQL text the first time a shape is asked for,
 * with placeholders where the values go; later requests only bind values (fillPlaceholders). Building
 * the query anew costs the server about as much as running it.
 */

/** Named values bound to a statement's placeholders. */
export type Params = Record<string, unknown>;

export const ph = (name: string) => sql.placeholder(name);

/**
 * A LIMIT written into the statement instead of bound: PostgreSQL plans `limit $1` as if it might return
 * a tenth of the table, so a prepared statement with a bound limit would be re-planned on every run
 * instead of reusing its generic plan. Only server-side integers come here (constants, a page size + 1
 * from the validated set, the export batch), and they are part of the statement's key.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Invalid limit ${n}`);
  // drizzle renders an SQL chunk given as the limit as it is (its type only admits numbers/placeholders).
  return sql.raw(String(n)) as unknown as number;
}

/** SQL text with drizzle placeholders among its parameters, and the name it is prepared under. */
export interface Compiled {
  text: string;
  params: unknown[];
  /** Derived from the text: a connection keeps what it has prepared, so one name must always mean one text. */
  name: string;
}

/** Compiled statements by shape key, bounded (a rarely used shape may be compiled again). */
export class StatementCache {
  private readonly statements = new Map<string, Compiled>();

  constructor(
    private readonly prefix: string,
    private readonly maxShapes = 500,
  ) {}

  get(key: string, build: () => { toSQL(): { sql: string; params: unknown[] } }): Compiled {
    let statement = this.statements.get(key);
    if (!statement) {
      const { sql: text, params } = build().toSQL();
      statement = { text, params, name: `${this.prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}` };
      if (this.statements.size >= this.maxShapes) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(key, statement);
    }
    return statement;
  }
}
