import { z } from 'zod';
import { idSchema } from './common';
import { isoDateSchema, listQuerySchema, listResponseSchema } from './list';

/** What the security log records (ASVS V7). The Spanish label is what the admin's filter shows. */
export const SECURITY_EVENT_TYPES = {
  login_success: 'Ingreso correcto',
  login_failure: 'Ingreso fallido',
  login_slowed: 'Ingreso demorado por intentos fallidos',
  account_unlocked: 'Cuenta desbloqueada por un administrador',
  password_changed: 'Cambio de contraseña',
  password_reset: 'Contraseña restablecida por un administrador',
  user_created: 'Usuario creado',
  session_ended: 'Sesión cerrada',
  access_denied: 'Acceso denegado',
  user_changed: 'Usuario modificado',
  export: 'Exportación',
  second_factor_enabled: 'Verificación en dos pasos activada',
  second_factor_disabled: 'Verificación en dos pasos desactivada',
  second_factor_reset: 'Verificación en dos pasos restablecida por un administrador',
  second_factor_failure: 'Código de verificación incorrecto',
  second_factor_roles_changed: 'Roles que exigen verificación en dos pasos modificados',
} as const;
export type SecurityEventType = keyof typeof SECURITY_EVENT_TYPES;
export const securityEventTypeSchema = z.enum(Object.keys(SECURITY_EVENT_TYPES) as [SecurityEventType, ...SecurityEventType[]], {
  error: `Debe ser uno de: ${Object.keys(SECURITY_EVENT_TYPES).join(', ')}`,
});

const isoInstant = z.iso.datetime({ offset: true });
/** A day (the country's calendar, as the screen's date fields give it) or an exact instant (an API client's). */
const dayOrInstant = z.union([isoDateSchema, isoInstant], {
  error: 'Debe ser una fecha (2026-01-31) o una fecha y hora ISO 8601 (2026-01-31T12:00:00Z)',
});

export const SECURITY_EVENT_SORTS = ['created_at'] as const;

/** The admin's filters of the security log (its page and export alike); `to` as a day includes that day. */
export const securityEventFiltersShape = {
  type: securityEventTypeSchema.optional(),
  user_id: idSchema.optional(),
  ip: z.string().trim().max(64).optional(),
  from: dayOrInstant.optional(),
  to: dayOrInstant.optional(),
};
export const securityEventListQuerySchema = listQuerySchema(SECURITY_EVENT_SORTS, securityEventFiltersShape);
export type SecurityEventListQuery = z.infer<typeof securityEventListQuerySchema>;
export type SecurityEventFilters = Pick<SecurityEventListQuery, keyof typeof securityEventFiltersShape>;

export const securityEventSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  type: z.string(),
  user_id: z.number().int().nullable(),
  /** The user's and the actor's names, read from the users table when shown (the log itself keeps ids). */
  user_name: z.string().nullable(),
  actor_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

export const securityEventListResponseSchema = listResponseSchema(securityEventSchema);
export type SecurityEventListResponse = z.infer<typeof securityEventListResponseSchema>;

export const userIdParamsSchema = z.object({ id: idSchema });
