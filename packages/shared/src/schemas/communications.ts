import { z } from 'zod';
import type { Country } from '../countries';
import { freeText, idSchema, positiveInt } from './common';
import { MESSAGE_CHANNEL_IDS, type MessageChannel } from './bans';
import { csvOf, isoDateSchema, listQuerySchema } from './list';

/*
 * Customer communications (DOMAIN 2, DOMAIN 5): SMS, WhatsApp and email out of templates with variables or
 * free text, and the customer's answers in; each message queued, sent by the channel's adapter, delivered or
 * failed, or received.
 */

export const MESSAGE_DIRECTIONS = [
  { id: 'out', label: 'Enviado' },
  { id: 'in', label: 'Recibido' },
] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number]['id'];

export const MESSAGE_STATUSES = [
  { id: 'queued', label: 'En cola' },
  { id: 'sent', label: 'Enviado' },
  { id: 'delivered', label: 'Entregado' },
  { id: 'failed', label: 'Fallido' },
  { id: 'received', label: 'Recibido' },
] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]['id'];
export const MESSAGE_STATUS_IDS = MESSAGE_STATUSES.map((s) => s.id) as [MessageStatus, ...MessageStatus[]];

/** The variables a template may use, as `{{name}}`. */
export const TEMPLATE_VARIABLES = [
  { id: 'nombre', label: 'Nombre del cliente' },
  { id: 'monto', label: 'Monto' },
  { id: 'vencimiento', label: 'Fecha de vencimiento' },
  { id: 'link', label: 'Link' },
  { id: 'codigo', label: 'Código' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['id'];

/** What an inbound message says to stop a channel (case and accents aside). */
export const STOP_WORDS = ['baja', 'stop'] as const;
export const STOP_CONFIRMATION = 'Listo: no te enviaremos más mensajes por este canal. Si cambias de opinión, contáctanos.';

/** Free text is allowed on SMS and email; WhatsApp opens a conversation only with an approved template. */
export const FREE_TEXT_CHANNELS: readonly MessageChannel[] = ['sms', 'email'];

/** A template's body with its `{{variables}}` filled in; a variable without a value stays visible as `{{name}}`. */
export function renderTemplate(body: string, variables: Partial<Record<string, string>>): string {
  return body.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => variables[name] ?? whole);
}

/** The variables a body uses, in order, once each. */
export function templateVariablesOf(body: string): string[] {
  return [...new Set([...body.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!))];
}

export const COMMUNICATION_MESSAGES = {
  banned: (reason: string) => `No se envía: ${reason}`,
  doNotContact: (channel: string) => `No se envía: el cliente pidió no ser contactado por ${channel}`,
  noAddress: (channel: string) => `El cliente no tiene ${channel === 'email' ? 'email' : 'celular'} para este canal`,
  freeTextNotAllowed: 'Por WhatsApp solo se inicia la conversación con una plantilla',
  templateInactive: 'La plantilla no existe o está desactivada',
  templateChannel: 'La plantilla no es de este canal',
  missingVariable: (name: string) => `Falta el valor de {{${name}}}`,
  bodyRequired: 'Escribe el mensaje o elige una plantilla',
  notFound: 'Mensaje no encontrado',
  customerNotFound: 'Cliente no encontrado',
  signature: 'Firma inválida o ausente',
  replayed: 'Aviso repetido o fuera de tiempo',
} as const;

const variablesSchema = z.record(z.string().regex(/^\w{1,30}$/), freeText().max(300)).default({});

export const messageSendSchema = z
  .object({
    channel: z.enum(MESSAGE_CHANNEL_IDS, { error: 'Elige el canal: SMS, WhatsApp o email' }),
    /** The application the message is about; the customer is its customer. */
    lead_id: idSchema.optional(),
    /** Or the loan (the collection detail): its application's customer; amount and due date default to its next installment. */
    loan_id: idSchema.optional(),
    template_id: idSchema.optional(),
    variables: variablesSchema,
    /** Free text (SMS, email) instead of a template. */
    body: freeText().max(1000, 'El mensaje admite hasta 1000 caracteres').optional(),
    subject: freeText().max(150).optional(),
  })
  .refine((v) => v.template_id !== undefined || (v.body ?? '') !== '', { path: ['body'], message: COMMUNICATION_MESSAGES.bodyRequired })
  .refine((v) => v.lead_id !== undefined || v.loan_id !== undefined, {
    path: ['lead_id'],
    message: 'Indica la solicitud o el préstamo del mensaje',
  });
export type MessageSend = z.infer<typeof messageSendSchema>;
export type MessageSendInput = z.input<typeof messageSendSchema>;

export const messagePreviewSchema = z.object({ subject: z.string().nullable(), body: z.string(), to: z.string() });

export const messageRowSchema = z.object({
  id: z.number().int(),
  channel: z.enum(MESSAGE_CHANNEL_IDS),
  direction: z.enum(['out', 'in']),
  status: z.enum(MESSAGE_STATUS_IDS),
  to_address: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  variables: z.record(z.string(), z.string()),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  lead_id: z.number().int().nullable(),
  loan_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  send_after: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
});
export type MessageRow = z.infer<typeof messageRowSchema>;

export const MESSAGE_SORTS = ['created_at', 'id'] as const;
export const messageListQuerySchema = listQuerySchema(MESSAGE_SORTS, {
  channel: csvOf(z.enum(MESSAGE_CHANNEL_IDS)),
  direction: z.enum(['out', 'in']).optional(),
  status: csvOf(z.enum(MESSAGE_STATUS_IDS)),
  template: csvOf(idSchema),
  user: csvOf(idSchema),
  customer: idSchema.optional(),
  lead: idSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  q: z.string().trim().max(100).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  channel: z.enum(MESSAGE_CHANNEL_IDS),
  subject: z.string().nullable(),
  body: z.string(),
  variables: z.array(z.string()),
  active: z.boolean(),
  version: z.number().int(),
});
export type MessageTemplate = z.infer<typeof templateSchema>;

export const templateSaveSchema = z.object({
  name: freeText().min(3, 'El nombre tiene al menos 3 caracteres').max(80),
  channel: z.enum(MESSAGE_CHANNEL_IDS),
  subject: freeText().max(150).nullable().optional(),
  body: freeText().min(1, 'Escribe el texto de la plantilla').max(1000, 'La plantilla admite hasta 1000 caracteres'),
  active: z.boolean().default(true),
  version: positiveInt().optional(),
});
export type TemplateSave = z.infer<typeof templateSaveSchema>;

/** A provider's delivery receipt (webhook): the provider's message id and what became of it. */
export const deliveryReceiptSchema = z.object({
  provider_id: z.string().min(1).max(200),
  status: z.enum(['delivered', 'failed']),
  error: z.string().max(500).optional(),
});

/** An inbound message (webhook): from a phone (SMS, WhatsApp) or an email address. */
export const inboundMessageSchema = z.object({
  channel: z.enum(MESSAGE_CHANNEL_IDS),
  from: z.string().min(3).max(200),
  body: z.string().max(4000),
  subject: z.string().max(300).optional(),
});

/** Quiet hours per country, on its clock: messages are sent from `start` to `end` (hours, 0-24). */
export const QUIET_HOURS: Record<Country, { start: number; end: number }> = { arg: { start: 9, end: 21 }, col: { start: 8, end: 20 } };

export const conversationSchema = z.object({
  customer: z.object({ id: z.number().int(), name: z.string() }),
  /** The customer's newest application the user may write on (the send form under the conversation); null: none. */
  lead_id: z.number().int().nullable(),
  messages: z.array(messageRowSchema),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** Sample values the templates screen's preview fills in. */
export const TEMPLATE_SAMPLE_VARIABLES: Record<TemplateVariable, string> = {
  nombre: 'María',
  monto: '$ 25.000,00',
  vencimiento: '10/06/2026',
  link: 'https://pagos.example.com/abc123',
  codigo: 'ARR-4821',
};
export const messageSentSchema = z.object({ id: z.number().int(), status: z.enum(MESSAGE_STATUS_IDS), send_after: z.string().nullable() });
