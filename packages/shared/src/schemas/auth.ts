import { z } from 'zod';
import { BRANCH_ID } from '../countries';

export const loginBodySchema = z.object({
  // Trimmed before it is checked (as the customer's email): ' admin@arg.example ' is that account.
  email: z.string({ error: 'Ingresa un email válido' }).trim().toLowerCase().pipe(z.email('Ingresa un email válido').max(254)),
  password: z.string().min(1, 'Ingresa la contraseña').max(256),
  branch_id: z.union([z.literal(BRANCH_ID.arg), z.literal(BRANCH_ID.col)], {
    error: 'branch_id debe ser 1 (arg) o 2 (col)',
  }),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

const userBase = {
  id: z.number().int(),
  name: z.string(),
  /** Telephony (Neotel) user number; 0 means none. */
  neotel_id: z.number().int().nonnegative(),
};

/** SPEC 3: the login user carries role_id in arg and role in col. */
export const argLoginUserSchema = z.object({ ...userBase, role_id: z.number().int() });
export const colLoginUserSchema = z.object({ ...userBase, role: z.string() });
export const loginUserSchema = z.union([argLoginUserSchema, colLoginUserSchema]);
export type LoginUser = z.infer<typeof loginUserSchema>;

export const loginResponseSchema = z.object({
  /** The session token; browsers use the httpOnly cookie, API clients send it as a Bearer token. */
  token: z.string(),
  user: loginUserSchema,
  /**
   * Failed sign-ins on the account since its previous successful one, when there were any: the user is told
   * (`failedAttemptsNotice`), so an attack on their account does not go unnoticed.
   */
  failed_attempts: z.number().int().positive().optional(),
  /** An admin reset the password (or made the account): this session may only change it or sign out. */
  must_change_password: z.boolean().optional(),
  /** The account has a second factor: this session may only send its code (POST auth/second-factor) or sign out. */
  second_factor_required: z.boolean().optional(),
  /** The role requires a second factor the user has not set up: this session may only set it up or sign out. */
  second_factor_enrolment_required: z.boolean().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** SPEC 7: user-info returns role and id (plus what the profile menu shows). */
export const userInfoSchema = z.object({
  id: z.number().int(),
  role: z.union([z.number().int(), z.string()]),
  name: z.string(),
  email: z.string(),
  neotel_id: z.number().int().nonnegative(),
  /** Minutes without a request that end the session (0 = none): the web shell warns a minute before. */
  idle_timeout_minutes: z.number().int().nonnegative().optional(),
  /** True until the user replaces a password an admin set: the web app shows only the change form. */
  must_change_password: z.boolean().optional(),
  /** True until the second factor's code is given at sign-in. */
  second_factor_required: z.boolean().optional(),
  /** True until a user whose role requires a second factor sets one up. */
  second_factor_enrolment_required: z.boolean().optional(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** What the user reads after signing in when their account had failed attempts since their last sign-in. */
export function failedAttemptsNotice(count: number): string {
  return count === 1
    ? 'Hubo 1 intento fallido de ingreso a tu cuenta desde la última vez'
    : `Hubo ${count} intentos fallidos de ingreso a tu cuenta desde la última vez`;
}
