import { z } from 'zod';
import type { Country } from '../countries';
import { listQuerySchema, queryBoolean } from './list';

/** ASVS V2.1: at least 12 characters; no upper bound below 64 (argon2 takes any length, 256 keeps bodies small). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

/**
 * The password policy's field messages in each build's voice (arg voseo, col usted), as the brief of the
 * accounts area asks; the server says them, the forms show them under the field.
 */
export const PASSWORD_MESSAGES: Record<
  Country,
  { tooShort: string; common: string; personal: string; sameAsCurrent: string; wrongCurrent: string; required: string; mismatch: string }
> = {
  arg: {
    tooShort: `Ingresá una contraseña de al menos ${PASSWORD_MIN_LENGTH} caracteres`,
    common: 'Esa contraseña es muy común o aparece en filtraciones conocidas: elegí otra',
    personal: 'La contraseña no puede contener tu nombre ni tu email',
    sameAsCurrent: 'Ingresá una contraseña distinta de la actual',
    wrongCurrent: 'La contraseña actual no es correcta',
    required: 'Ingresá la contraseña',
    mismatch: 'Las contraseñas no coinciden',
  },
  col: {
    tooShort: `Ingrese una contraseña de al menos ${PASSWORD_MIN_LENGTH} caracteres`,
    common: 'Esa contraseña es muy común o aparece en filtraciones conocidas: elija otra',
    personal: 'La contraseña no puede contener su nombre ni su email',
    sameAsCurrent: 'Ingrese una contraseña distinta de la actual',
    wrongCurrent: 'La contraseña actual no es correcta',
    required: 'Ingrese la contraseña',
    mismatch: 'Las contraseñas no coinciden',
  },
};

/** The length is the policy's (checked with the others on the server, in the country's voice). */
const passwordText = z.string({ error: 'Debe ser un texto' }).max(PASSWORD_MAX_LENGTH, `Máximo ${PASSWORD_MAX_LENGTH} caracteres`);

export const changePasswordBodySchema = z.object({
  current_password: passwordText,
  new_password: passwordText,
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** An admin's reset: the temporary password the user signs in with once, then must change. */
export const resetPasswordBodySchema = z.object({ password: passwordText });
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** One of the user's active sessions (ASVS V3.3): never its token nor the token's hash. */
export const activeSessionSchema = z.object({
  id: z.string(),
  /** 'Chrome en Windows', from the user agent; 'Desconocido' without one. */
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The session making the request. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionsResponse = z.infer<typeof activeSessionsResponseSchema>;
export const sessionIdParamsSchema = z.object({ id: z.uuid('Sesión inválida') });
export const endedSessionsSchema = z.object({ ended: z.number().int().nonnegative() });

/** A role as each country's API speaks it: arg a number, col a text (SPEC 3); checked against the country's table. */
const roleInput = z.union([z.number().int(), z.string().trim().min(1).max(40)], { error: 'Elige un rol' });
const neotelInput = z
  .number({ error: 'Debe ser un número' })
  .int('Debe ser un número entero')
  .min(0, 'Debe ser 0 o mayor')
  .max(2_147_483_647);

export const createUserBodySchema = z.object({
  name: z.string({ error: 'Debe ser un texto' }).trim().min(2, 'Mínimo 2 caracteres').max(120, 'Máximo 120 caracteres'),
  email: z.string({ error: 'Debe ser un texto' }).trim().toLowerCase().pipe(z.email('Email inválido').max(254)),
  role: roleInput,
  neotel_id: neotelInput.default(0),
  /** The first password, temporary: the user must change it at their first sign-in. */
  password: passwordText,
});
export type CreateUserBody = z.input<typeof createUserBodySchema>;

/** What an admin changes of a user; at least one field. Nothing is deleted: a user leaves by `active: false`. */
export const updateUserBodySchema = z
  .object({
    role: roleInput.optional(),
    neotel_id: neotelInput.optional(),
    active: z.boolean({ error: 'Debe ser verdadero o falso' }).optional(),
    /** The version read (optimistic concurrency): a stale change is a 409. */
    version: z.number().int().positive(),
  })
  .refine((body) => body.role !== undefined || body.neotel_id !== undefined || body.active !== undefined, {
    message: 'Indica qué cambiar: role, neotel_id o active',
    path: ['role'],
  });
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  neotel_id: z.number().int(),
  active: z.boolean(),
  must_change_password: z.boolean(),
  /** The user has a confirmed second factor (an admin may reset it: a lost phone). */
  second_factor: z.boolean(),
  version: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const USER_SORTS = ['name', 'created_at'] as const;
export const userListQuerySchema = listQuerySchema(USER_SORTS, {
  /** Words of the name or email. */
  q: z.string().trim().max(100).optional(),
  role: z.string().trim().max(40).optional(),
  active: queryBoolean,
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
