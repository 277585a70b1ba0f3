import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_DIGITS,
  SECOND_FACTOR_MESSAGES,
  findRole,
  type Country,
  type RoleKind,
  type SecondFactorConfirmed,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@backoffice/shared';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { UserRow } from '../db/schema';
import { HttpError, MESSAGES as SERVER_MESSAGES, invalidData } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { roleFromDb } from '../lib/roles';
import { ACCOUNT_MESSAGES, type Actor } from './accounts';

const PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is accepted (clock drift, a code typed as it changed). */
const WINDOW_STEPS = 1;
const ISSUER = { arg: 'Back-office Argentina', col: 'Back-office Colombia' } as const;

/** AES-256-GCM under the configured key's sha-256: `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export function sealSecret(key: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function openSecret(key: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unknown second factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', createHash('sha256').update(key).digest(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A recovery code as typed: case, spaces and dashes do not matter. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** Ten characters of base32 (50 bits), shown as `abcde-fghij`. */
function newRecoveryCode(): string {
  const text = new Secret({ size: 8 }).base32.slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

const SIX_DIGITS = new RegExp(`^\\d{${SECOND_FACTOR_DIGITS}}$`);

function totp(country: Country, label: string, secret: string): TOTP {
  return new TOTP({
    issuer: ISSUER[country],
    label,
    algorithm: 'SHA1',
    digits: SECOND_FACTOR_DIGITS,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to (within the window), or undefined when it is no current code. */
function stepOf(otp: TOTP, code: string): number | undefined {
  const now = Date.now();
  const delta = otp.validate({ token: code, timestamp: now, window: WINDOW_STEPS });
  return delta === null ? undefined : otp.counter({ timestamp: now }) + delta;
}

export type SecondFactorMethod = 'totp' | 'recovery';

/**
 * The TOTP second factor (ASVS V2.8, issue 40): enrolment, the code at sign-in, turning it off, an admin's reset,
 * and the role kinds that require it. Every change and every wrong code is written on the security log.
 */
export class SecondFactorService {
  constructor(private readonly app: FastifyInstance) {}

  private get key(): string {
    return this.app.config.secondFactorKey;
  }

  /** Whether the user's role kind must have a second factor in their country. */
  async requiredFor(country: Country, user: UserRow): Promise<boolean> {
    const kind = findRole(country, roleFromDb(country, user.role))?.kind;
    return kind !== undefined && (await this.app.secondFactors.requiredKinds(country)).includes(kind);
  }

  async status(country: Country, user: UserRow): Promise<SecondFactorStatus> {
    const row = await this.app.secondFactors.find(user.id);
    const enrolled = !!row?.confirmedAt;
    return { enrolled, required: await this.requiredFor(country, user), recovery_codes_left: enrolled ? row.recoveryCodes.length : 0 };
  }

  /** A new secret for the user's authenticator app; it is answered this once, before the first code confirms it. */
  async startEnrolment(country: Country, user: UserRow): Promise<SecondFactorEnrolment> {
    const secret = new Secret({ size: 20 }).base32;
    if (!(await this.app.secondFactors.start(user.id, sealSecret(this.key, secret)))) {
      throw new HttpError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    }
    const url = totp(country, user.email, secret).toString();
    const qr = await QRCode.toDataURL(url, { margin: 1, width: 220, errorCorrectionLevel: 'M' });
    return { secret, otpauth_url: url, qr_code: qr };
  }

  /** The first code proves the app holds the secret; the recovery codes are answered this once, stored hashed. */
  async confirmEnrolment(
    country: Country,
    user: UserRow,
    code: string,
    ip: string,
    token: string | undefined,
  ): Promise<SecondFactorConfirmed> {
    const row = await this.app.secondFactors.find(user.id);
    if (row?.confirmedAt) throw new HttpError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    if (!row) throw new HttpError(409, SECOND_FACTOR_MESSAGES.notStarted);
    const step = SIX_DIGITS.test(code) ? stepOf(totp(country, user.email, openSecret(this.key, row.secret)), code) : undefined;
    if (step === undefined) {
      await this.app.securityEvents.record({
        country,
        type: 'second_factor_failure',
        userId: user.id,
        ip,
        details: { purpose: 'enrolment' },
      });
      throw invalidData([{ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode }]);
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    if (!(await this.app.secondFactors.confirm(user.id, step, codes.map(hashRecoveryCode)))) {
      throw new HttpError(409, SECOND_FACTOR_MESSAGES.alreadyEnrolled);
    }
    // A session held to the enrolment is free now: this node must not keep answering from its cached user.
    if (token) this.app.sessions.forget(token);
    await this.app.securityEvents.record({ country, type: 'second_factor_enabled', userId: user.id, ip });
    return { recovery_codes: codes };
  }

  /** A 6-digit code (of a step not used yet) or an unused recovery code; undefined when neither. */
  private async check(country: Country, user: UserRow, code: string): Promise<{ method: SecondFactorMethod; left?: number } | undefined> {
    const row = await this.app.secondFactors.find(user.id);
    if (!row?.confirmedAt) return undefined;
    if (SIX_DIGITS.test(code)) {
      const step = stepOf(totp(country, user.email, openSecret(this.key, row.secret)), code);
      return step !== undefined && (await this.app.secondFactors.useStep(user.id, step)) ? { method: 'totp' } : undefined;
    }
    const left = await this.app.secondFactors.useRecoveryCode(user.id, hashRecoveryCode(code));
    return left === undefined ? undefined : { method: 'recovery', left };
  }

  /**
   * The code that completes a sign-in. Wrong codes count in the sign-in throttle as wrong passwords do (the
   * account's and the address's delays), so knowing the password does not buy unlimited guesses.
   */
  async verifySignIn(
    country: Country,
    user: UserRow,
    code: string,
    token: string,
    ip: string,
  ): Promise<{ failedAttempts: number; recoveryCodesLeft?: number }> {
    const log = this.app.securityEvents;
    const attempt = await this.app.loginThrottle.reserve(country, user.email, ip);
    if (!attempt.allowed) {
      await log.record({
        country,
        type: 'login_slowed',
        userId: user.id,
        ip,
        details: { key: attempt.key, failures: attempt.failures, retry_after: attempt.retryAfterSeconds, second_factor: true },
      });
      throw new HttpError(429, SERVER_MESSAGES.tooManyLoginFailures(attempt.retryAfterSeconds), undefined, {
        'retry-after': String(attempt.retryAfterSeconds),
      });
    }
    let passed: Awaited<ReturnType<SecondFactorService['check']>>;
    try {
      passed = await this.check(country, user, code);
    } catch (error) {
      await this.app.loginThrottle.release(attempt.id).catch(() => {});
      throw error;
    }
    if (!passed) {
      await this.app.loginThrottle.recordFailure(country, user.email, ip);
      await log.record({ country, type: 'second_factor_failure', userId: user.id, ip, details: { purpose: 'sign_in' } });
      throw invalidData([{ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode }]);
    }
    await this.app.loginThrottle.clearAccount(country, user.email);
    const failedAttempts = await log.failuresSinceLastSuccess(user.id);
    await this.app.sessions.completeSecondFactor(token);
    await log.record({
      country,
      type: 'login_success',
      userId: user.id,
      ip,
      details: { second_factor: passed.method, ...(passed.left !== undefined ? { recovery_codes_left: passed.left } : {}) },
    });
    return { failedAttempts, recoveryCodesLeft: passed.left };
  }

  /** The user turns it off, proving it is them with a current code or their password; not when their role requires it. */
  async disable(country: Country, user: UserRow, proof: { code?: string; password?: string }, ip: string): Promise<void> {
    const row = await this.app.secondFactors.find(user.id);
    if (!row?.confirmedAt) throw new HttpError(409, SECOND_FACTOR_MESSAGES.notEnrolled);
    if (await this.requiredFor(country, user)) throw new HttpError(409, SECOND_FACTOR_MESSAGES.requiredByRole);
    const ok = proof.code ? !!(await this.check(country, user, proof.code)) : await verifyPassword(user.passwordHash, proof.password ?? '');
    if (!ok) {
      await this.app.securityEvents.record({
        country,
        type: 'second_factor_failure',
        userId: user.id,
        ip,
        details: { purpose: 'disable', with: proof.code ? 'code' : 'password' },
      });
      throw proof.code
        ? invalidData([{ field: 'code', message: SECOND_FACTOR_MESSAGES.wrongCode }])
        : invalidData([{ field: 'password', message: SECOND_FACTOR_MESSAGES.wrongPassword }]);
    }
    await this.app.secondFactors.remove(user.id);
    await this.app.securityEvents.record({
      country,
      type: 'second_factor_disabled',
      userId: user.id,
      ip,
      details: { with: proof.code ? 'code' : 'password' },
    });
  }

  /** An admin's reset (a lost phone): the factor is removed and the user's sessions end; they set it up again. */
  async reset(country: Country, id: number, actor: Actor): Promise<void> {
    const row = await this.app.users.findById(country, id);
    if (!row) throw new HttpError(404, ACCOUNT_MESSAGES.userNotFound(id));
    if (!(await this.app.secondFactors.remove(row.id))) throw new HttpError(409, SECOND_FACTOR_MESSAGES.userNotEnrolled);
    const ended = await this.app.sessions.endAll(row.id);
    await this.app.securityEvents.record({
      country,
      type: 'second_factor_reset',
      userId: row.id,
      actorId: actor.id,
      ip: actor.ip,
      details: { sessions_ended: ended },
    });
  }

  async setRequiredKinds(country: Country, kinds: RoleKind[], actor: Actor): Promise<RoleKind[]> {
    const next = [...new Set(kinds)].sort();
    const before = await this.app.secondFactors.setRequiredKinds(country, next);
    if (before.join() !== next.join()) {
      await this.app.securityEvents.record({
        country,
        type: 'second_factor_roles_changed',
        userId: null,
        actorId: actor.id,
        ip: actor.ip,
        details: { from: before, to: next },
      });
    }
    return next;
  }
}
