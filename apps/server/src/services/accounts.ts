import { PASSWORD_MESSAGES, findRole, type Country, type RoleId } from '@backoffice/shared';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../db/schema';
import { HttpError, invalidData } from '../lib/errors';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { roleToDb } from '../lib/roles';
import type { UserChange } from '../repositories/users';
import { passwordProblem } from './password-policy';

export const ACCOUNT_MESSAGES = {
  userNotFound: (id: number) => `No existe el usuario ${id} en este país`,
  emailTaken: 'Ya existe un usuario con ese email en este país',
  unknownRole: (role: RoleId) => `El rol ${role} no existe en este país`,
  notYourself: 'No puedes desactivarte ni cambiar tu propio rol: pídeselo a otro administrador',
  staleUser: 'El usuario fue modificado por otro administrador: vuelve a cargarlo e intenta de nuevo',
  sessionNotFound: 'La sesión no existe o ya terminó',
  signedInAlready: 'Esta sesión ya completó el ingreso',
} as const;

/** Who acts and from where: the security log's actor and address. */
export interface Actor {
  id: number;
  ip: string;
}

/**
 * Accounts (issue 40, ASVS V2/V3): the password policy, the user's own change, and the admin's user
 * administration. Every change is written on the security log; nothing is deleted (a user leaves by being
 * deactivated, which ends their sessions).
 */
export class AccountsService {
  constructor(private readonly app: FastifyInstance) {}

  private checkPolicy(country: Country, field: string, password: string, owner: { name: string; email: string }): void {
    const problem = passwordProblem(country, password, owner);
    if (problem) throw invalidData([{ field, message: problem }]);
  }

  private async target(country: Country, id: number): Promise<UserRow> {
    const row = await this.app.users.findById(country, id);
    if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound(id));
    return row;
  }

  /** The user's own change: the current password proves it is them; every other session of theirs ends. */
  async changePassword(
    country: Country,
    user: UserRow,
    current: string,
    next: string,
    keepToken: string | undefined,
    ip: string,
  ): Promise<number> {
    const messages = PASSWORD_MESSAGES[country];
    if (!(await verifyPassword(user.passwordHash, current)))
      throw invalidData([{ field: 'current_password', message: messages.wrongCurrent }]);
    if (current === next) throw invalidData([{ field: 'new_password', message: messages.sameAsCurrent }]);
    this.checkPolicy(country, 'new_password', next, user);
    await this.app.users.setPassword(user.id, await hashPassword(next), false);
    const ended = await this.app.sessions.endAll(user.id, keepToken);
    if (keepToken) this.app.sessions.forget(keepToken);
    await this.app.securityEvents.record({
      country,
      type: 'password_changed',
      userId: user.id,
      ip,
      details: { forced: user.mustChangePassword, sessions_ended: ended },
    });
    return ended;
  }

  /** An admin's reset: a temporary password (the policy applies to it too), changed at the next sign-in; the user's sessions end. */
  async resetPassword(country: Country, id: number, password: string, actor: Actor): Promise<void> {
    const row = await this.target(country, id);
    this.checkPolicy(country, 'password', password, row);
    await this.app.users.setPassword(row.id, await hashPassword(password), true);
    const ended = await this.app.sessions.endAll(row.id);
    await this.app.securityEvents.record({
      country,
      type: 'password_reset',
      userId: row.id,
      actorId: actor.id,
      ip: actor.ip,
      details: { sessions_ended: ended },
    });
  }

  async createUser(
    country: Country,
    input: { name: string; email: string; role: RoleId; neotel_id: number; password: string },
    actor: Actor,
  ): Promise<UserRow> {
    const role = findRole(country, input.role);
    if (!role) throw invalidData([{ field: 'role', message: ACCOUNT_MESSAGES.unknownRole(input.role) }]);
    this.checkPolicy(country, 'password', input.password, input);
    const row = await this.app.users.create({
      country,
      name: input.name,
      email: input.email,
      role: role.id,
      neotelId: input.neotel_id,
      password: input.password,
      mustChangePassword: true,
    });
    if (!row) throw new HttpError(409, ACCOUNT_MESSAGES.emailTaken, [{ field: 'email', message: ACCOUNT_MESSAGES.emailTaken }]);
    await this.app.securityEvents.record({
      country,
      type: 'user_created',
      userId: row.id,
      actorId: actor.id,
      ip: actor.ip,
      details: { role: row.role, neotel_id: row.neotelId },
    });
    return row;
  }

  /** Role, telephony number, active: each changed field is logged as from → to. Deactivating ends the user's sessions. */
  async updateUser(
    country: Country,
    id: number,
    body: { role?: RoleId; neotel_id?: number; active?: boolean; version: number },
    actor: Actor,
  ): Promise<UserRow> {
    const before = await this.target(country, id);
    const change: UserChange = {};
    if (body.role !== undefined) {
      const role = findRole(country, body.role);
      if (!role) throw invalidData([{ field: 'role', message: ACCOUNT_MESSAGES.unknownRole(body.role) }]);
      change.role = roleToDb(role.id);
    }
    if (body.neotel_id !== undefined) change.neotelId = body.neotel_id;
    if (body.active !== undefined) change.active = body.active;
    // An admin locking themselves out (or demoting the last admin) is no change to make by mistake.
    if (id === actor.id && (change.active === false || (change.role !== undefined && change.role !== before.role))) {
      throw new HttpError(409, ACCOUNT_MESSAGES.notYourself);
    }
    const after = await this.app.users.update(country, id, body.version, change);
    if (!after) throw new HttpError(409, ACCOUNT_MESSAGES.staleUser);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (change.role !== undefined && change.role !== before.role) changes.role = { from: before.role, to: after.role };
    if (change.neotelId !== undefined && change.neotelId !== before.neotelId)
      changes.neotel_id = { from: before.neotelId, to: after.neotelId };
    if (change.active !== undefined && change.active !== before.active) changes.active = { from: before.active, to: after.active };
    let ended = 0;
    if (before.active && !after.active) ended = await this.app.sessions.endAll(id);
    if (Object.keys(changes).length > 0) {
      await this.app.securityEvents.record({
        country,
        type: 'user_changed',
        userId: id,
        actorId: actor.id,
        ip: actor.ip,
        details: { changes, ...(ended > 0 ? { sessions_ended: ended } : {}) },
      });
    }
    return after;
  }
}
