import type { FieldError } from '@backoffice/shared';

/** An error that reaches the client as it is: status code, Spanish message and optional field list. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: FieldError[],
    /** Extra headers such as Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const MESSAGES = {
  invalidCredentials: 'Email o contraseña incorrectos',
  inactiveUser: 'Tu usuario está desactivado. Consulta con un administrador.',
  notSignedIn: 'Sesión no iniciada o vencida',
  forbidden: 'No tienes permiso para esta acción',
  wrongCountry: 'Tu usuario no pertenece a este país',
  databaseUnavailable: 'Base de datos no disponible: intenta de nuevo en unos segundos',
  mustChangePassword: 'Debes cambiar tu contraseña antes de continuar',
  secondFactorPending: 'Ingresa el código de tu aplicación de autenticación para continuar',
  mustEnrolSecondFactor: 'Tu rol exige la verificación en dos pasos: configúrala antes de continuar',
  xsrf: 'Token XSRF ausente o inválido',
  internal: 'Error interno del servidor',
  tooManyRequests: 'Demasiadas solicitudes. Espera un momento y vuelve a intentar.',
  /** Pages of one list per user and minute (LIST_RATE_LIMIT): a scraper cannot page through the whole customer base. */
  tooManyPages: (max: number, waitSeconds: number) =>
    `Alcanzaste el límite de ${max} páginas por minuto de esta lista. Espera ${waitSeconds} ${waitSeconds === 1 ? 'segundo' : 'segundos'} para seguir.`,
  /** Exports per user and hour (EXPORT_RATE_LIMIT): a scraper cannot pull the whole customer base. */
  tooManyExports: (max: number, waitSeconds: number) => {
    const minutes = Math.ceil(waitSeconds / 60);
    return `Alcanzaste el límite de ${max} exportaciones por hora. Espera ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'} para volver a exportar.`;
  },
  bodyTooLarge: 'El contenido enviado supera el tamaño máximo permitido',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  unsupportedMediaType: 'Tipo de contenido no soportado',
  tooManyLoginFailures: (seconds: number) => {
    const minutes = Math.ceil(seconds / 60);
    const wait =
      seconds < 60 ? `${seconds} ${seconds === 1 ? 'segundo' : 'segundos'}` : `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
    return `Demasiados intentos fallidos. Espera ${wait} antes de volver a intentar.`;
  },
  notFound: (method: string, url: string) => `Ruta no encontrada: ${method} ${url}`,
  badUrl: 'La dirección pedida no es válida (tiene caracteres mal codificados o es demasiado larga)',
  /** What Node refuses before Fastify sees a request (the server's 'clientError'). */
  requestTooLarge: 'La solicitud es demasiado grande: su dirección o sus encabezados superan el tamaño permitido',
  requestTimeout: 'La solicitud tardó demasiado en llegar',
  malformedRequest: 'La solicitud HTTP está mal formada',
  leadNotFound: 'Lead no encontrado',
  /** What a seller is told about a lead that is not theirs: someone else's, or no one's yet. */
  notYourLead: (sellerId: number | null) =>
    sellerId === null ? 'Este lead no está asignado a ti' : 'Este lead está asignado a otro vendedor',
  staleLead: 'El lead fue modificado por otro usuario: revisa sus cambios y vuelve a intentarlo.',
  unknownSeller: 'El vendedor no existe, no está activo o no es de este país',
} as const;

/** The answer to a write refused by repositories/lead-lock.ts: 404 the lead is gone, 403 no longer the seller's. */
export function leadRefused(refusal: { reason: 'not_found' } | { reason: 'not_yours'; sellerId: number | null }): HttpError {
  return refusal.reason === 'not_found'
    ? new HttpError(404, MESSAGES.leadNotFound)
    : new HttpError(403, MESSAGES.notYourLead(refusal.sellerId));
}

/** 409: the lead changed since the client (or a stage run) read its version. */
export function staleLead(): HttpError {
  return new HttpError(409, MESSAGES.staleLead);
}

export function isStaleLead(error: unknown): boolean {
  return error instanceof HttpError && error.statusCode === 409 && error.message === MESSAGES.staleLead;
}

/** 'Datos inválidos: email: Ingresa un email válido; password: ...' */
export function invalidData(fields: FieldError[]): HttpError {
  return new HttpError(400, `Datos inválidos: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`, fields);
}
