import type { Country, RoleId, RoleKind } from '@backoffice/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { roleOfStored, roleToDb, storedRolesOfKinds } from '../lib/roles';
import { toAuthUser, type AuthUser } from '../plugins/app/auth';

export interface NewUserInput {
  country: Country;
  email: string;
  name: string;
  password: string;
  role: RoleId;
  neotelId?: number;
  active?: boolean;
  mustChangePassword?: boolean;
}

/** An admin's change of a user (stored role form); `version` is the one the admin read. */
export interface UserChange {
  role?: string;
  neotelId?: number;
  active?: boolean;
}

export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Emails are stored lower-cased; lookups are per country (the same address may exist in both). */
  async findByEmail(country: Country, email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.country, country), eq(users.email, email.toLowerCase())))
      .limit(1);
    return row;
  }

  async findById(country: Country, id: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.country, country), eq(users.id, id)))
      .limit(1);
    return row;
  }

  /** An active user as the session would have them (a batch runs as its creator, checked again when it runs). */
  async findActiveAuth(id: number): Promise<AuthUser | undefined> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.active, true)))
      .limit(1);
    return row ? toAuthUser(row) : undefined;
  }

  /** Undefined when the country already has an account with the email. */
  async create(input: NewUserInput): Promise<UserRow | undefined> {
    const [row] = await this.db
      .insert(users)
      .values({
        country: input.country,
        email: input.email.toLowerCase(),
        name: input.name,
        passwordHash: await hashPassword(input.password),
        role: roleToDb(input.role),
        neotelId: input.neotelId ?? 0,
        active: input.active ?? true,
        mustChangePassword: input.mustChangePassword ?? false,
      })
      .onConflictDoNothing({ target: [users.country, users.email] })
      .returning();
    return row;
  }

  /** A new password hash; `mustChange` when an admin set it (the user replaces it at their next sign-in). */
  async setPassword(id: number, passwordHash: string, mustChange: boolean): Promise<void> {
    await this.db
      .update(users)
      .set({ passwordHash, mustChangePassword: mustChange, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, id));
  }

  /** Applies an admin's change if the row is still at `version`; undefined when it moved on (409) or is gone. */
  async update(country: Country, id: number, version: number, change: UserChange): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ ...change, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(and(eq(users.country, country), eq(users.id, id), eq(users.version, version)))
      .returning();
    return row;
  }

  /** Active people of some role kinds, by name: the seller, collector and auditor filter lists. */
  async listActiveByKinds(country: Country, kinds: readonly RoleKind[]): Promise<{ id: number; name: string; kind: RoleKind }[]> {
    const rows = await this.db
      .select({ id: users.id, name: users.name, role: users.role })
      .from(users)
      .where(and(eq(users.country, country), eq(users.active, true), inArray(users.role, storedRolesOfKinds(country, kinds))))
      .orderBy(asc(users.name), asc(users.id));
    return rows.map((r) => ({ id: r.id, name: r.name, kind: roleOfStored(country, r.role)!.kind }));
  }

  /** An active user of the country whose role is of one of these kinds (e.g. a seller to assign a lead to). */
  async findActiveOfKinds(country: Country, id: number, kinds: readonly RoleKind[]): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(
        and(eq(users.id, id), eq(users.country, country), eq(users.active, true), inArray(users.role, storedRolesOfKinds(country, kinds))),
      )
      .limit(1);
    return row;
  }
}
