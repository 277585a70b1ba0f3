import { z } from 'zod';
import type { Country } from '../countries';
import { isValidCbu, isValidColAccount, nationalPhone, NATIONAL_NUMBER, onlyDigits } from '../documents';
import { freeText, idSchema, positiveInt } from './common';
import { csvOf, isoDateSchema, listQuerySchema } from './list';

/*
 * Customer bans (DOMAIN 2): a document, cellphone, email or bank account that may not apply for credit (a
 * new application stops at prefilter, a customer edit may not set it), or, per channel, may not be
 * contacted (communications honour it). A ban is lifted with a reason, never deleted.
 */

export const BAN_KINDS = [
  { id: 'document', label: 'Documento' },
  { id: 'cellphone', label: 'Celular' },
  { id: 'email', label: 'Email' },
  { id: 'bank_account', label: 'Cuenta bancaria' },
] as const;
export type BanKind = (typeof BAN_KINDS)[number]['id'];
export const BAN_KIND_IDS = BAN_KINDS.map((k) => k.id) as [BanKind, ...BanKind[]];

export const BAN_REASONS = [
  { id: 'fraud', label: 'Fraude' },
  { id: 'identity_theft', label: 'Suplantación de identidad' },
  { id: 'customer_request', label: 'Pedido del cliente' },
  { id: 'court_order', label: 'Orden judicial' },
  { id: 'other', label: 'Otro' },
] as const;
export type BanReason = (typeof BAN_REASONS)[number]['id'];
export const BAN_REASON_IDS = BAN_REASONS.map((r) => r.id) as [BanReason, ...BanReason[]];

/** Where a ban stands now: in force, not yet in force, past its expiry, or lifted by someone. */
export const BAN_STATES = [
  { id: 'active', label: 'Vigente' },
  { id: 'scheduled', label: 'Programado' },
  { id: 'expired', label: 'Vencido' },
  { id: 'lifted', label: 'Levantado' },
] as const;
export type BanState = (typeof BAN_STATES)[number]['id'];
export const BAN_STATE_IDS = BAN_STATES.map((s) => s.id) as [BanState, ...BanState[]];

/** The channels of customer communications; a do-not-contact ban names one. */
export const MESSAGE_CHANNELS = [
  { id: 'sms', label: 'SMS' },
  { id: 'whatsapp', label: 'WhatsApp' },
  { id: 'email', label: 'Email' },
] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number]['id'];
export const MESSAGE_CHANNEL_IDS = MESSAGE_CHANNELS.map((c) => c.id) as [MessageChannel, ...MessageChannel[]];

/** A ban's scope: no credit at all, or no contact on one channel. */
export const BAN_SCOPES = [
  { id: 'credit', label: 'Bloqueo de crédito' },
  { id: 'do_not_contact', label: 'No contactar' },
] as const;
export type BanScope = (typeof BAN_SCOPES)[number]['id'];

export const labelOf = <T extends readonly { id: string; label: string }[]>(catalogue: T, id: string | null | undefined): string =>
  catalogue.find((entry) => entry.id === id)?.label ?? id ?? '';

export const BAN_MESSAGES = {
  document: 'Documento inválido: de 3 a 11 dígitos',
  email: 'Email inválido',
  bank_account: {
    arg: 'CBU inválido: 22 dígitos con dígitos verificadores correctos',
    col: 'Número de cuenta inválido: de 6 a 20 dígitos',
  },
  cellphone: {
    arg: 'Celular inválido: 10 dígitos con código de área, p. ej. 11 5555-4444',
    col: 'Celular inválido: 10 dígitos que empiezan con 3',
  },
  lifted: 'El bloqueo ya fue levantado',
  liftReason: 'Indica el motivo para levantar el bloqueo',
  expiresBeforeStart: 'El vencimiento debe ser posterior al inicio',
  channelKind: 'Un bloqueo de contacto por SMS o WhatsApp es sobre un celular; por email, sobre un email',
  notFound: 'Bloqueo no encontrado',
  stale: 'El bloqueo fue modificado por otro usuario: recarga y vuelve a intentarlo.',
} as const;

/**
 * A ban's value as stored and as the intake compares it: digits of a document or an account, a cellphone as
 * its national number (the way customers' cellphones are stored and the searcher reads them), an email
 * lower-cased. Or why the value is no such thing.
 */
export function normaliseBanValue(
  country: Country,
  kind: BanKind,
  raw: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const text = raw.trim();
  switch (kind) {
    case 'document': {
      const digits = onlyDigits(text);
      return /^[\d\s.-]+$/.test(text) && /^\d{3,11}$/.test(digits)
        ? { ok: true, value: digits }
        : { ok: false, message: BAN_MESSAGES.document };
    }
    case 'cellphone': {
      const digits = onlyDigits(nationalPhone(text, country));
      return /^[0-9\s+().-]+$/.test(text) && NATIONAL_NUMBER[country].test(digits)
        ? { ok: true, value: digits }
        : { ok: false, message: BAN_MESSAGES.cellphone[country] };
    }
    case 'email': {
      const value = text.toLowerCase();
      return z.email().safeParse(value).success ? { ok: true, value } : { ok: false, message: BAN_MESSAGES.email };
    }
    case 'bank_account': {
      const digits = onlyDigits(text);
      const valid = /^[\d\s.-]+$/.test(text) && (country === 'arg' ? isValidCbu(digits) : isValidColAccount(digits));
      return valid ? { ok: true, value: digits } : { ok: false, message: BAN_MESSAGES.bank_account[country] };
    }
  }
}

/** The kind of value a do-not-contact ban of a channel is on. */
export const channelKind = (channel: MessageChannel): BanKind => (channel === 'email' ? 'email' : 'cellphone');

const dateTime = z.iso.datetime({ offset: true, error: 'Ingresa una fecha y hora válidas' });

export const banCreateSchema = z.object({
  kind: z.enum(BAN_KIND_IDS, { error: 'Elige qué se bloquea: documento, celular, email o cuenta' }),
  value: z.string({ error: 'Ingresa el valor a bloquear' }).trim().min(1, 'Ingresa el valor a bloquear').max(120),
  reason: z.enum(BAN_REASON_IDS, { error: 'Elige el motivo' }),
  notes: freeText().max(500, 'El detalle admite hasta 500 caracteres').optional(),
  /** Absent: from now. */
  starts_at: dateTime.optional(),
  /** Absent or null: never expires. */
  expires_at: dateTime.nullable().optional(),
  /** A do-not-contact ban of this channel instead of a credit ban. */
  channel: z.enum(MESSAGE_CHANNEL_IDS).nullable().optional(),
});
export type BanCreate = z.infer<typeof banCreateSchema>;

export const banLiftSchema = z.object({
  reason: freeText().min(3, BAN_MESSAGES.liftReason).max(500, 'El motivo admite hasta 500 caracteres'),
  version: positiveInt(),
});
export type BanLift = z.infer<typeof banLiftSchema>;

export const banRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(BAN_KIND_IDS),
  value: z.string(),
  channel: z.enum(MESSAGE_CHANNEL_IDS).nullable(),
  reason: z.enum(BAN_REASON_IDS),
  notes: z.string().nullable(),
  state: z.enum(BAN_STATE_IDS),
  starts_at: z.string(),
  expires_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  lifted_at: z.string().nullable(),
  lifted_by_name: z.string().nullable(),
  lift_reason: z.string().nullable(),
  /** Applications this ban stopped at intake. */
  stopped: z.number().int(),
  version: z.number().int(),
});
export type BanRow = z.infer<typeof banRowSchema>;

export const banStoppedApplicationSchema = z.object({
  lead_id: z.number().int(),
  stopped_at: z.string(),
  status_id: z.number().int(),
  customer_name: z.string(),
  doc_number: z.string(),
});
export const banDetailSchema = z.object({ ban: banRowSchema, applications: z.array(banStoppedApplicationSchema) });
export type BanDetail = z.infer<typeof banDetailSchema>;

export const BAN_SORTS = ['starts_at', 'expires_at', 'id'] as const;
export const banListQuerySchema = listQuerySchema(BAN_SORTS, {
  kind: csvOf(z.enum(BAN_KIND_IDS)),
  reason: csvOf(z.enum(BAN_REASON_IDS)),
  state: csvOf(z.enum(BAN_STATE_IDS)),
  scope: z.enum(['credit', 'do_not_contact']).optional(),
  created_by: csvOf(idSchema),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** A value or a fragment of it (its digits for a document, phone or account). */
  q: z.string().trim().max(120).optional(),
});
export type BanListQuery = z.infer<typeof banListQuerySchema>;

export const banCreatedSchema = z.object({ id: z.number().int() });
