import { z } from 'zod';
import { ROLE_KINDS } from '../roles';

/** TOTP (RFC 6238) as authenticator apps read it: 6 digits, 30-second steps. */
export const SECOND_FACTOR_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export const SECOND_FACTOR_MESSAGES = {
  codeRequired: 'Ingresa el código de 6 dígitos o un código de recuperación',
  wrongCode: 'El código no es correcto o ya fue usado',
  alreadyEnrolled: 'Ya tienes la verificación en dos pasos activada',
  notStarted: 'Primero genera el código QR de la verificación en dos pasos',
  notEnrolled: 'No tienes la verificación en dos pasos activada',
  userNotEnrolled: 'El usuario no tiene la verificación en dos pasos activada',
  requiredByRole: 'Tu rol exige la verificación en dos pasos: no puedes desactivarla',
  proofRequired: 'Ingresa un código de verificación o tu contraseña',
  wrongPassword: 'La contraseña no es correcta',
} as const;

/** A 6-digit code or a recovery code (10 letters and digits, the dash and spaces optional). */
export const secondFactorCodeSchema = z
  .string({ error: SECOND_FACTOR_MESSAGES.codeRequired })
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.codeRequired)
  .max(32, SECOND_FACTOR_MESSAGES.codeRequired);

export const secondFactorCodeBodySchema = z.object({ code: secondFactorCodeSchema });
export type SecondFactorCodeBody = z.infer<typeof secondFactorCodeBodySchema>;

/** The user's own view of their second factor: never its secret once it is set up. */
export const secondFactorStatusSchema = z.object({
  enrolled: z.boolean(),
  /** Their role's kind requires one (then it cannot be disabled). */
  required: z.boolean(),
  recovery_codes_left: z.number().int().nonnegative(),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusSchema>;

/** An enrolment started: the secret as text and as a QR code (PNG data URL) for the authenticator app. */
export const secondFactorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  qr_code: z.string(),
});
export type SecondFactorEnrolment = z.infer<typeof secondFactorEnrolmentSchema>;

/** The recovery codes, shown once, when the enrolment is confirmed. */
export const secondFactorConfirmedSchema = z.object({ recovery_codes: z.array(z.string()) });
export type SecondFactorConfirmed = z.infer<typeof secondFactorConfirmedSchema>;

/** The second factor's code at sign-in; the answer tells of failed attempts as the login does. */
export const secondFactorVerifiedSchema = z.object({
  ok: z.literal(true),
  failed_attempts: z.number().int().positive().optional(),
  recovery_codes_left: z.number().int().nonnegative().optional(),
});
export type SecondFactorVerified = z.infer<typeof secondFactorVerifiedSchema>;

/** Turning it off: a current code or the password proves it is the user. */
export const disableSecondFactorBodySchema = z
  .object({
    code: secondFactorCodeSchema.optional(),
    password: z.string().max(256).optional(),
  })
  .refine((b) => !!b.code || !!b.password, { message: SECOND_FACTOR_MESSAGES.proofRequired, path: ['code'] });
export type DisableSecondFactorBody = z.infer<typeof disableSecondFactorBodySchema>;

/** The role kinds whose users must set up a second factor (an admin's setting, per country). */
export const secondFactorRolesSchema = z.object({
  kinds: z.array(z.enum(ROLE_KINDS, { error: `Debe ser uno de: ${ROLE_KINDS.join(', ')}` })).max(ROLE_KINDS.length),
});
export type SecondFactorRoles = z.infer<typeof secondFactorRolesSchema>;
