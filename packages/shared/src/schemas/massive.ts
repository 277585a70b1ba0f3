import { z } from 'zod';
import type { RoleKind } from '../roles';
import { BAN_KIND_IDS, BAN_KINDS, BAN_REASON_IDS, BAN_REASONS } from './bans';
import { MAX_INTEGER } from './common';
import { csvOf, listQuerySchema } from './list';

/*
 * Massive batches (DOMAIN 2): a bulk operation's rows, validated first (nothing changes), then applied by a
 * durable job, each row exactly once. The catalogue below is what /massives shows and what the templates
 * hold; the server adds each type's rules and its effect (apps/server/src/massive/operations).
 */

/** Operation types built today; the others of the catalogue arrive with their areas (see MASSIVE_PLANNED). */
export const MASSIVE_TYPES = [
  'reassign-seller',
  'change-status',
  'close-applications',
  'assign-collector',
  'ban-customers',
  'send-communication',
  'import-payments',
] as const;
export type MassiveType = (typeof MASSIVE_TYPES)[number];

export interface MassiveColumn {
  /** The header in the file (case and spaces ignored when read). */
  name: string;
  label: string;
  required: boolean;
  /** The column's rule as /massives explains it. */
  rule: string;
  example: string;
}

export interface MassiveTypeEntry {
  type: MassiveType;
  label: string;
  description: string;
  roles: readonly RoleKind[];
  columns: readonly MassiveColumn[];
  /**
   * The filtered lists a batch of this type can be made from: each row's id column comes from the list's
   * rows, the other columns are asked once for all. Empty: only from a file.
   */
  fromList: readonly { list: MassiveList; idColumn: string }[];
}

/** The lists whose filtered rows can become a batch (leads: applications; collections: loans). */
export const MASSIVE_LISTS = ['leads', 'collections'] as const;
export type MassiveList = (typeof MASSIVE_LISTS)[number];
export const MASSIVE_LIST_LABELS: Record<MassiveList, { title: string; rows: string }> = {
  leads: { title: 'leads', rows: 'solicitudes' },
  collections: { title: 'cobranzas', rows: 'préstamos' },
};

const BULK_ROLES: readonly RoleKind[] = ['admin', 'supervisor'];
const leadId: MassiveColumn = {
  name: 'lead_id',
  label: 'ID de solicitud',
  required: true,
  rule: 'Número de una solicitud del país, abierta (no cerrada ni terminada).',
  example: '1024',
};

export const MASSIVE_CATALOGUE: Record<MassiveType, MassiveTypeEntry> = {
  'reassign-seller': {
    type: 'reassign-seller',
    label: 'Reasignar solicitudes a un vendedor',
    description: 'Asigna cada solicitud al vendedor indicado; su historial dice el lote que la reasignó.',
    roles: BULK_ROLES,
    columns: [
      leadId,
      {
        name: 'seller_email',
        label: 'Email del vendedor',
        required: true,
        rule: 'Email de un usuario activo del país con rol vendedor, vendedor sin asignación o vendedor renovador.',
        example: 'seller@arg.example',
      },
    ],
    fromList: [{ list: 'leads', idColumn: 'lead_id' }],
  },
  'change-status': {
    type: 'change-status',
    label: 'Cambiar el estado de solicitudes',
    description: 'Mueve cada solicitud al estado indicado con las mismas transiciones, roles y condiciones que una a una.',
    roles: BULK_ROLES,
    columns: [
      leadId,
      {
        name: 'status',
        label: 'Estado destino',
        required: true,
        rule: 'ID o nombre del estado (p. ej. CANCELLED); la transición debe estar permitida desde el estado actual para tu rol.',
        example: 'CANCELLED',
      },
      {
        name: 'reason',
        label: 'Motivo',
        required: false,
        rule: 'Obligatorio cuando la transición pide motivo (máx. 500).',
        example: 'Cliente desiste',
      },
    ],
    fromList: [{ list: 'leads', idColumn: 'lead_id' }],
  },
  'close-applications': {
    type: 'close-applications',
    label: 'Cerrar solicitudes con motivo',
    description: 'Cancela (o cierra) cada solicitud por la transición que la tabla del flujo permite desde su estado.',
    roles: BULK_ROLES,
    columns: [leadId, { name: 'reason', label: 'Motivo', required: true, rule: 'Texto de 1 a 500 caracteres.', example: 'Duplicada' }],
    fromList: [{ list: 'leads', idColumn: 'lead_id' }],
  },
  'assign-collector': {
    type: 'assign-collector',
    label: 'Asignar préstamos a un cobrador',
    description: 'Asigna cada préstamo al cobrador indicado; la línea de tiempo del préstamo dice el lote que lo asignó.',
    roles: BULK_ROLES,
    columns: [
      {
        name: 'loan_id',
        label: 'ID de préstamo',
        required: true,
        rule: 'Número de un préstamo del país, vigente (no pagado, cerrado ni anulado).',
        example: '512',
      },
      {
        name: 'collector_email',
        label: 'Email del cobrador',
        required: true,
        rule: 'Email de un usuario activo del país con rol cobrador.',
        example: 'collector@arg.example',
      },
    ],
    fromList: [{ list: 'collections', idColumn: 'loan_id' }],
  },
  'ban-customers': {
    type: 'ban-customers',
    label: 'Bloquear clientes',
    description: 'Crea un bloqueo de crédito por fila, como "Nuevo bloqueo" en /customers-ban; su detalle nombra el lote.',
    roles: BULK_ROLES,
    columns: [
      {
        name: 'kind',
        label: 'Qué se bloquea',
        required: true,
        rule: `Uno de: ${BAN_KINDS.map((kind) => kind.id).join(', ')}.`,
        example: 'document',
      },
      {
        name: 'value',
        label: 'Valor',
        required: true,
        rule: 'El documento, celular, email o cuenta, válido para su tipo en este país.',
        example: '30111222',
      },
      {
        name: 'reason',
        label: 'Motivo',
        required: true,
        rule: `Uno de: ${BAN_REASONS.map((reason) => reason.id).join(', ')}.`,
        example: 'fraud',
      },
      { name: 'notes', label: 'Detalle', required: false, rule: 'Texto de hasta 400 caracteres.', example: 'Denuncia 123' },
    ],
    fromList: [],
  },
  'send-communication': {
    type: 'send-communication',
    label: 'Enviar una comunicación',
    description:
      'Envía a cada cliente la plantilla indicada por su canal, como "Enviar mensaje" uno a uno: las variables salen de la solicitud o del préstamo, y un cliente bloqueado o que pidió no ser contactado queda como fila fallida. Cada mensaje queda en la línea de tiempo con el lote.',
    roles: BULK_ROLES,
    columns: [
      {
        name: 'lead_id',
        label: 'ID de solicitud',
        required: false,
        rule: 'Número de una solicitud del país: el mensaje va a su cliente. Indica la solicitud o el préstamo.',
        example: '1024',
      },
      {
        name: 'loan_id',
        label: 'ID de préstamo',
        required: false,
        rule: 'Número de un préstamo del país: el mensaje va a su cliente, con el monto y el vencimiento de su próxima cuota.',
        example: '',
      },
      {
        name: 'template',
        label: 'Plantilla',
        required: true,
        rule: 'ID o nombre de una plantilla activa del país; el canal es el de la plantilla.',
        example: 'Recordatorio de pago (SMS)',
      },
      {
        name: 'link',
        label: 'Link',
        required: false,
        rule: 'Valor de {{link}} cuando la plantilla lo usa (hasta 300 caracteres).',
        example: 'https://pagos.example/1024',
      },
      {
        name: 'codigo',
        label: 'Código',
        required: false,
        rule: 'Valor de {{codigo}} cuando la plantilla lo usa (hasta 300 caracteres).',
        example: '',
      },
    ],
    fromList: [
      { list: 'leads', idColumn: 'lead_id' },
      { list: 'collections', idColumn: 'loan_id' },
    ],
  },
  'import-payments': {
    type: 'import-payments',
    label: 'Importar pagos',
    description:
      'Aplica el archivo de una red de cobranza: cada pago como uno registrado a mano (interés de mora, cuotas más viejas primero, saldo a favor). Una referencia ya importada no se aplica dos veces.',
    roles: BULK_ROLES,
    columns: [
      {
        name: 'loan_id',
        label: 'ID de préstamo',
        required: true,
        rule: 'Número de un préstamo del país que admite pagos (vigente, en mora o pagado).',
        example: '512',
      },
      {
        name: 'amount',
        label: 'Monto',
        required: true,
        rule: 'Entero en centavos, mayor que cero (p. ej. 1500000 = 15.000,00).',
        example: '1500000',
      },
      {
        name: 'paid_on',
        label: 'Fecha de pago',
        required: true,
        rule: 'AAAA-MM-DD, no posterior a hoy ni anterior al desembolso.',
        example: '2026-11-20',
      },
      {
        name: 'reference',
        label: 'Referencia',
        required: true,
        rule: 'La referencia del pago en la red (1 a 100 caracteres), única: identifica el pago.',
        example: 'RP-000123',
      },
    ],
    fromList: [],
  },
};

/** Types waiting for their area's branch: what each will declare. Shown on /massives as "Próximamente". */
export const MASSIVE_PLANNED: readonly { label: string; needs: string }[] = [];

const text = (max: number) => z.string().trim().max(max, `Máximo ${max} caracteres`);
const idText = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'Debe ser un número entero positivo' })
    .int('Debe ser un número entero positivo')
    .positive('Debe ser un número entero positivo')
    .max(MAX_INTEGER, 'Debe ser un número entero positivo'),
);
const reasonText = text(500);
/** An id column that may be left empty (a file's empty cell). */
const optionalId = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), idText.optional());
const optionalText = (max: number) =>
  text(max)
    .optional()
    .transform((value) => value || undefined);

/** A row as read from a file (every cell text) or built from a list: each type's zod schema checks its types. */
export const MASSIVE_ROW_SCHEMAS = {
  'reassign-seller': z.object({ lead_id: idText, seller_email: z.string().trim().toLowerCase().pipe(z.email('Email inválido')) }),
  'change-status': z.object({
    lead_id: idText,
    status: text(60).min(1, 'Indica el estado'),
    reason: reasonText.optional().transform((value) => value || undefined),
  }),
  'close-applications': z.object({ lead_id: idText, reason: reasonText.min(1, 'Indica el motivo') }),
  'assign-collector': z.object({ loan_id: idText, collector_email: z.string().trim().toLowerCase().pipe(z.email('Email inválido')) }),
  'ban-customers': z.object({
    kind: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(BAN_KIND_IDS, { error: `Usa ${BAN_KIND_IDS.join(', ')}` })),
    value: text(120).min(1, 'Indica el valor'),
    reason: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(BAN_REASON_IDS, { error: `Usa ${BAN_REASON_IDS.join(', ')}` })),
    // Room for the batch's name ("Lote #N: ") within the ban's 500-character detail.
    notes: text(400)
      .optional()
      .transform((value) => value || undefined),
  }),
  'send-communication': z
    .object({
      lead_id: optionalId,
      loan_id: optionalId,
      template: text(80).min(1, 'Indica la plantilla (ID o nombre)'),
      link: optionalText(300),
      codigo: optionalText(300),
    })
    .refine((row) => row.lead_id !== undefined || row.loan_id !== undefined, {
      path: ['lead_id'],
      message: 'Indica la solicitud (lead_id) o el préstamo (loan_id)',
    }),
  'import-payments': z.object({
    loan_id: idText,
    amount: z.preprocess(
      // A decimal is read as a number so that its refusal says why ("sin decimales").
      (value) => (typeof value === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(value) ? Number(value.replace(',', '.')) : value),
      z
        .number({ error: 'El monto va en centavos: un número entero mayor que cero' })
        .int('El monto va en centavos, sin decimales')
        .positive('El monto debe ser mayor que cero')
        .max(Number.MAX_SAFE_INTEGER, 'Monto demasiado grande'),
    ),
    paid_on: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Usa AAAA-MM-DD')
      .refine(
        (day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
        'Fecha inexistente',
      ),
    reference: text(100).min(1, 'Indica la referencia del pago'),
  }),
} satisfies Record<MassiveType, z.ZodType>;
export type MassiveRow<T extends MassiveType> = z.infer<(typeof MASSIVE_ROW_SCHEMAS)[T]>;

export const MASSIVE_BATCH_STATUSES = ['draft', 'queued', 'running', 'paused', 'cancelled', 'finished', 'partial', 'failed'] as const;
export type MassiveBatchStatus = (typeof MASSIVE_BATCH_STATUSES)[number];
export const MASSIVE_BATCH_STATUS_LABELS: Record<MassiveBatchStatus, string> = {
  draft: 'Validado, sin aplicar',
  queued: 'En cola',
  running: 'En curso',
  paused: 'Pausado',
  cancelled: 'Cancelado',
  finished: 'Terminado',
  partial: 'Terminado con errores',
  failed: 'Fallido',
};
/** A batch the worker may still run rows of. */
export const MASSIVE_ACTIVE_STATUSES: readonly MassiveBatchStatus[] = ['queued', 'running'];

export const MASSIVE_ROW_STATUSES = ['invalid', 'pending', 'done', 'failed', 'skipped'] as const;
export type MassiveRowStatus = (typeof MASSIVE_ROW_STATUSES)[number];
export const MASSIVE_ROW_STATUS_LABELS: Record<MassiveRowStatus, string> = {
  invalid: 'Inválida',
  pending: 'Pendiente',
  done: 'Aplicada',
  failed: 'Fallida',
  skipped: 'No aplicada (cancelado)',
};

export const massiveTypeSchema = z.enum(MASSIVE_TYPES, { error: 'Tipo de operación desconocido' });

export const massiveCountsSchema = z.object({
  total: z.number().int(),
  invalid: z.number().int(),
  pending: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  skipped: z.number().int(),
});
export type MassiveCounts = z.infer<typeof massiveCountsSchema>;

export const massiveBatchSchema = z.object({
  id: z.number().int(),
  type: massiveTypeSchema,
  status: z.enum(MASSIVE_BATCH_STATUSES),
  source: z.enum(['file', 'list']),
  file_name: z.string().nullable(),
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  counts: massiveCountsSchema,
});
export type MassiveBatch = z.infer<typeof massiveBatchSchema>;

/** A validation's answer: the batch (draft) and its first invalid rows; the whole report is downloadable. */
export const massiveValidationSchema = z.object({
  batch: massiveBatchSchema,
  errors: z.array(z.object({ row: z.number().int(), error: z.string() })),
  encoding: z.string().optional(),
  delimiter: z.string().optional(),
});
export type MassiveValidation = z.infer<typeof massiveValidationSchema>;

/** What one validation shows on screen; the rest is in the report. */
export const MASSIVE_ERRORS_SHOWN = 50;

export const massiveBatchListSorts = ['created_at', 'id'] as const;
export const massiveBatchListQuerySchema = listQuerySchema(massiveBatchListSorts, {
  type: csvOf(massiveTypeSchema, 10),
  status: csvOf(z.enum(MASSIVE_BATCH_STATUSES), 10),
});

export const massiveRowSchema = z.object({
  row: z.number().int(),
  status: z.enum(MASSIVE_ROW_STATUSES),
  record_id: z.number().int().nullable(),
  data: z.record(z.string(), z.string()),
  error: z.string().nullable(),
  applied_at: z.string().nullable(),
});
export type MassiveRowResult = z.infer<typeof massiveRowSchema>;
export const massiveRowListSorts = ['row'] as const;
export const massiveRowListQuerySchema = listQuerySchema(massiveRowListSorts, {
  status: csvOf(z.enum(MASSIVE_ROW_STATUSES), 5),
});

/** A batch from the rows of a filtered list: the list's query string and the values of the other columns. */
export const massiveFromListBodySchema = z.object({
  type: massiveTypeSchema,
  list: z.enum(MASSIVE_LISTS, { error: 'Lista desconocida' }).default('leads'),
  /** The list's filters as its URL has them (`status=1,2&seller=3`). */
  filters: z.string().max(4000),
  values: z.record(z.string(), z.string().max(500)),
});

export const massiveBatchProgressSchema = z.object({
  id: z.number().int(),
  status: z.enum(MASSIVE_BATCH_STATUSES),
  counts: massiveCountsSchema,
  /** Rows per second over the run so far; null before any. */
  rate: z.number().nullable(),
});
export type MassiveBatchProgress = z.infer<typeof massiveBatchProgressSchema>;

/** A list's filtered rows a batch may take at most. */
export const MASSIVE_LIST_CAP = 100_000;
/** A file's data rows at most, and its bytes. */
export const MASSIVE_MAX_ROWS = 200_000;
export const MASSIVE_MAX_BYTES = 20 * 1024 * 1024;
