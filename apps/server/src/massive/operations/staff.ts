import type { Country, RoleKind } from '@backoffice/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { storedRolesOfKinds } from '../../lib/roles';

export type StaffMember = { id: number; name: string };

/** The country's active users of these role kinds among a file's emails, by lower-cased email (one query). */
export async function activeStaffByEmail(
  db: Db | Tx,
  country: Country,
  kinds: readonly RoleKind[],
  emails: string[],
): Promise<Map<string, StaffMember>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.country, country),
        eq(users.active, true),
        inArray(users.role, storedRolesOfKinds(country, kinds)),
        inArray(sql`lower(${users.email})`, [...new Set(emails)]),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), { id: row.id, name: row.name }]));
}
