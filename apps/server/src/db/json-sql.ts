import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * How a member's value is written: `number` as its text; `string` escaped as a JSON string; `plain` a text
 * that needs no escaping, quoted (timestamps formatted by PostgreSQL, catalogue labels); `json` JSON text as
 * it is. Null is `null` whatever the kind.
 */
export type JsonKind = 'number' | 'string' | 'plain' | 'json';
export type JsonMembers = [key: string, value: SQL | PgColumn, kind: JsonKind][];

/**
 * The function that escapes a `string` member. Queries use `to_json`, called by the plan directly. A stored
 * generated column may only call immutable functions, and `to_json` is declared stable (other types' output
 * may depend on settings; a text's escaping does not): `json_text` (migration 0028) is the same call declared
 * immutable. PostgreSQL does not inline it, so it costs a function call per value: for writes, not reads.
 */
export type JsonEscape = 'to_json' | 'json_text';

/**
 * The members as JSON text, concatenated by PostgreSQL: `before` and the first member (`"id":1`), then each
 * further one after a comma. json_build_object would be simpler, but it looks every argument's type and
 * output function up again on every call (two catalogue lookups per value, per row): about half of a list
 * page's time in PostgreSQL. Concatenation casts each value with the function the plan already holds, and
 * only free text goes through the escaping. `before` ',' continues an object written elsewhere.
 */
export function jsonMembersText(
  members: JsonMembers,
  { before = ',', escape = 'to_json' }: { before?: '{' | ','; escape?: JsonEscape } = {},
): SQL<string> {
  const escaped = (value: SQL | PgColumn) => (escape === 'to_json' ? sql`to_json(${value})::text` : sql`json_text(${value})`);
  const parts = members.map(([key, value, kind], i) => {
    const text =
      kind === 'number'
        ? sql`(${value})::text`
        : kind === 'string'
          ? escaped(value)
          : kind === 'plain'
            ? sql`'"' || (${value}) || '"'`
            : sql`${value}`;
    return sql`${sql.raw(`'${i === 0 ? before : ','}${JSON.stringify(key)}:'`)} || coalesce(${text}, 'null')`;
  });
  return sql<string>`${sql.join(parts, sql` || `)}`;
}

/** The JSON text of an object with these members. */
export function jsonObjectText(members: JsonMembers, escape: JsonEscape = 'to_json'): SQL<string> {
  return sql<string>`(${jsonMembersText(members, { before: '{', escape })} || '}')`;
}
